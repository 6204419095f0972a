import Foundation
import TestSupport
import Testing

/// `cdwally cover-worker`, the process the web remote makes its covers in: real libvips on
/// real pictures, and on files that are not pictures.
@Suite struct CoverWorkerTests {
    @Test func itAnswersEveryPictureInOrderAndSaysWhyNot() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let cover = CLI.repository + "/Examples/Library/The Sine Waves/Low Tide Arpeggios (2019)/cover.png"
        let garbage = cli.home + "/garbage.jpg"
        try Data("not a picture at all".utf8).write(to: URL(fileURLWithPath: garbage))
        let folder = cli.home + "/covers"
        let run = try await cli.run([
            "cover-worker", "--", folder, cover, garbage, cli.home + "/missing.png", cover,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == 5, "\(run.stdout)")
        let hash = lines[0]
        #expect(hash.range(of: "^[0-9a-f]{32}$", options: .regularExpression) != nil, "\(hash)")
        #expect(lines[1].hasPrefix("- libvips: "), "\(lines[1])")
        #expect(lines[2].hasPrefix("- cannot read \(cli.home)/missing.png: "), "\(lines[2])")
        #expect(lines[3] == hash && lines[4].isEmpty)
        for size in [128, 256, 512] {
            let jpeg = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(hash)-\(size).jpg"))
            #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 3)
    }

    /// The Library's rows ask for 128 px alone: nothing else is made for them.
    @Test func theLibrarysRowsGet128PixelsOnly() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let cover = CLI.repository + "/Examples/Library/The Sine Waves/Low Tide Arpeggios (2019)/cover.png"
        let folder = cli.home + "/covers"
        let run = try await cli.run(["cover-worker", "--sizes", "128", "--", folder, cover])
        #expect(run.status == 0, "\(run.stderr)")
        let hash = run.stdout.trimmingCharacters(in: .newlines)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["\(hash)-128.jpg"])
        let refused = try await cli.run(["cover-worker", "--sizes", "100", "--", folder, cover])
        #expect(refused.status == 64)
    }

    @Test func itIsNotListedForUsers() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let help = try await cli.run(["--help"])
        #expect(help.status == 0 && !help.stdout.contains("cover-worker"))
        let typo = try await cli.run(["cover"])
        #expect(typo.status == 64 && !typo.stderr.contains("cover-worker"), "\(typo.stderr)")
    }
}
