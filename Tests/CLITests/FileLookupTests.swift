import Foundation
import TestSupport
import Testing

/// What a wallet costs the disk, counted by a real `strace` of real commands: a cold `discs`
/// looks each audio file up once (its listing, or a playlist line's own lookup) besides the
/// open that reads its tags, and reads the playlist once; a warm one looks each file up once
/// to see that nothing changed, and hashes the playlist once. Skipped where `strace` cannot
/// trace (it is missing, or ptrace is not allowed, as under qemu-user).
@Suite(.enabled(if: Strace.works, "strace cannot trace here")) struct FileLookupTests {
    /// The path and file system calls of `arguments`, one line each, as strace writes them.
    private func trace(_ cli: CLI, _ arguments: [String]) async throws -> [String] {
        let log = cli.home + "/strace-\(UUID().uuidString).log"
        let result = try await cli.run(
            arguments, wrapper: [try #require(Strace.path), "-f", "-e", "trace=%stat,%file", "-o", log])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The calls that look `name` up: by a path ending in it, or by the name alone relative to
    /// an open folder. A call on an open descriptor (`fstat`, `AT_EMPTY_PATH`) looks nothing up.
    private func lookups(of name: String, in calls: [String], opens: Bool) -> [String] {
        calls.filter { call in
            guard call.contains("/\(name)\"") || call.contains(", \"\(name)\"") else { return false }
            return call.contains("open") == opens
        }
    }

    @Test func aColdWalletLooksEachFileUpOnceAndReadsThePlaylistOnce() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Ann/First", artist: "Ann", album: "First", tracks: 3)
        // A disc folder beside the one the playlist names: its files are listed, not looked up.
        for disc in 1...2 {
            for track in 1...2 {
                try library.add(
                    "Bob/Second/CD\(disc)/0\(track) Side \(disc) Song \(track).flac",
                    tags: [
                        "TITLE": "Side \(disc) Song \(track)", "ARTIST": "Bob", "ALBUM": "Second",
                        "DISCNUMBER": "\(disc)", "TRACKNUMBER": "\(track)",
                    ])
            }
        }
        try library.playlist("Ann/First/02 First 2.flac\nBob/Second/CD1/01 Side 1 Song 1.flac\n")
        let files = try FileManager.default.subpathsOfDirectory(atPath: library.root)
            .filter { $0.hasSuffix(".flac") }.map { ($0 as NSString).lastPathComponent }
        try #require(files.count == 7 && Set(files).count == 7)

        let cold = try await trace(cli, ["discs", "--library", library.root])
        for file in files {
            #expect(lookups(of: file, in: cold, opens: false).count == 1, "cold lookups of \(file)")
            #expect(lookups(of: file, in: cold, opens: true).count == 1, "cold opens of \(file)")
        }
        #expect(lookups(of: "CDs.m3u8", in: cold, opens: true).count == 1)

        let warm = try await trace(cli, ["discs", "--library", library.root])
        for file in files {
            #expect(lookups(of: file, in: warm, opens: false).count == 1, "warm lookups of \(file)")
            #expect(lookups(of: file, in: warm, opens: true).isEmpty, "warm opens of \(file)")
        }
        #expect(lookups(of: "CDs.m3u8", in: warm, opens: true).count == 1)
    }

    /// An export of another computer's library: every line an absolute path from there, one
    /// found by its name in a folder named like its album, the rest nowhere. Once remembered,
    /// a warm `discs` answers without looking up a single line's path (docs/PRODUCT.md §10).
    @Test func aWarmWalletOfAForeignExportLooksUpNoneOfItsLines() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Ann/First", artist: "Ann", album: "First", tracks: 3)
        var lines = ["#EXTM3U", "/home/elsewhere/Music/Ann/First/02 First 2.flac"]
        for number in 1...50 {
            lines += [
                "#EXTINF:200,Gone - Song \(number)",
                "/home/elsewhere/Music/Gone/Album \(number)/01 Song.flac",
            ]
        }
        try library.write("Export.m3u8", Array((lines.joined(separator: "\n") + "\n").utf8))
        let arguments = [
            "discs", "--json", "--library", library.root, "--playlist", library.root + "/Export.m3u8",
        ]
        // The memo keeps only what settled before the command started (3 s).
        try await Task.sleep(for: .seconds(3.5))
        let cold = try await trace(cli, arguments)
        #expect(cold.contains { $0.contains("/home/elsewhere/Music/Gone/Album 7/") })

        let warm = try await trace(cli, arguments)
        #expect(
            !warm.contains { $0.contains("/home/elsewhere") },
            "\(warm.filter { $0.contains("/home/elsewhere") })")
        let discs = try #require(try await cli.json(arguments)["discs"] as? [[String: Any]])
        #expect(discs.map { $0["album"] as? String } == ["First"])
    }
}
