import Foundation
import TestSupport
import Testing

/// The control commands are answered before the argument parser's whole tree is built
/// (`QuickControl`): a plain verb read without a parser prints what its command's own parser
/// makes of it, which `--library` (accepted and not needed by a control command) sends it
/// through.
@Suite struct QuickControlTests {
    private let throughParser = ["--library", "/nonexistent"]

    @Test func aPlainVerbAnswersAsTheParserDoes() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let missing = try await cli.run(["toggle"])
        let missingParsed = try await cli.run(["toggle"] + throughParser)
        #expect(missing.status == 3 && missing.stdout.isEmpty)
        #expect(missing.status == missingParsed.status && missing.stderr == missingParsed.stderr)

        let library = try QuickControlTests.firstAlbum()
        let serve = try RunningCommand(cli, ["serve", "--library", library.root, "--mpv", "ao=null"])
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
        #expect(try await cli.run(["disc", "1"]).status == 0)
        // Paused, so that nothing moves between the two answers.
        let paused = try await cli.run(["pause"])
        #expect(paused.status == 0 && paused.stdout.contains("Paused"))
        for arguments in [["status"], ["status", "--json"]] {
            // mpv may still report the place a pause stopped at a moment after it answered
            // (mpv 0.40 under load): the two answers are compared once it has settled.
            var (quick, parsed) = (try await cli.run(arguments), try await cli.run(arguments + throughParser))
            for _ in 0..<10 where quick.stdout != parsed.stdout {
                try await Task.sleep(for: .milliseconds(200))
                (quick, parsed) = (try await cli.run(arguments), try await cli.run(arguments + throughParser))
            }
            #expect(quick.status == 0 && quick.stdout == parsed.stdout && quick.stderr == parsed.stderr)
        }
        let next = try await cli.json(["next", "--json"])
        #expect((next["track"] as? [String: Any])?["title"] as? String == "First 2")
        let previous = try await cli.json(["previous", "--json"])
        #expect((previous["track"] as? [String: Any])?["title"] as? String == "First 1")
        #expect(try await cli.json(["toggle", "--json"])["state"] as? String == "playing")
        #expect(try await cli.json(["stop", "--json"])["state"] as? String == "stopped")
        #expect(try await cli.json(["resume", "--json"])["state"] as? String == "playing")
        // A mistake is the whole parser's, with its usage error.
        let unknown = try await cli.run(["status", "--jsn"])
        #expect(unknown.status == 64 && unknown.stderr.contains("--jsn"))
        #expect(try await cli.run(["quit"]).status == 0)
        #expect(try await serve.wait() == 0)
    }

    /// Ann's album "First", three long tracks, the wallet's only disc.
    static func firstAlbum() throws -> TestLibrary {
        let library = try TestLibrary()
        for number in 1...3 {
            try library.add(
                "Ann/First/0\(number).flac", template: "long.flac",
                tags: [
                    "TITLE": "First \(number)", "ARTIST": "Ann", "ALBUM": "First", "TRACKNUMBER": "\(number)",
                ])
        }
        try library.playlist("Ann/\n")
        return library
    }
}
