import Foundation
import TestSupport
import Testing

/// Bad input gets a clear line and loses nothing.
@Suite struct BadInputTests {
    /// A folder cdwally may not read. Root reads everything, so as root the command runs as
    /// `nobody` through setpriv(1) instead.
    @Test func anUnreadableDirectoryIsReportedAndSkipped() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Open", artist: "O", album: "Open")
        try library.addAlbum("Closed", artist: "C", album: "Closed")
        try library.playlist("Open/\nClosed/\n")
        var wrapper: [String] = []
        if getuid() == 0 {
            wrapper = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
            for path in [cli.home, (library.root as NSString).deletingLastPathComponent] {
                _ = try Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "a+rwX", path])
                    .waitUntilExit()
            }
        }
        #expect(chmod(library.root + "/Closed", 0) == 0)
        defer { chmod(library.root + "/Closed", 0o755) }

        let discs = try await cli.run(["discs", "--library", library.root], wrapper: wrapper)
        #expect(discs.status == 0)
        #expect(discs.stdout.contains("Open"))
        #expect(discs.stderr.contains("Closed"))
        #expect(discs.stderr.contains("Permission denied"))
        let doctor = try await cli.run(["doctor", "--library", library.root], wrapper: wrapper)
        #expect(doctor.status == 0)
        #expect(doctor.stdout.contains("cannot open directory \(library.root)/Closed: Permission denied"))
        let scan = try await cli.run(["scan", "--library", library.root, "--json"], wrapper: wrapper)
        #expect(scan.status == 0)
        #expect(scan.stdout.contains("\"tracks\": 2"))
    }

    @Test func controlCharactersInTagsNeverReachTheTerminalRaw() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        // An ESC that would clear the pane and retitle it, a newline, a C1 control.
        let hostile = "Bad\u{1B}[2J\u{1B}]0;owned\u{07}\nTitle\u{9B}"
        try library.addAlbum("Weird", artist: "Art\nist", album: hostile)
        try library.addAlbum("Plain", artist: "Plain", album: "Plain")
        try library.playlist("Weird/\nPlain/\n")
        for command in [["discs"], ["tracks", "2"], ["doctor"], ["scan"]] {
            let result = try await cli.run(command + ["--library", library.root])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            for output in [result.stdout, result.stderr] {
                #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
                #expect(!output.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
            }
            if command == ["discs"] {
                // One row per disc: the newline in the tags did not break the table.
                let rows = result.stdout.split(separator: "\n").filter { $0.first?.isNumber == true }
                #expect(rows.count == 2, "\(result.stdout)")
                #expect(result.stdout.contains("Bad\u{FFFD}[2J\u{FFFD}]0;owned\u{FFFD} Title\u{FFFD}"))
            }
        }
        // JSON keeps the tag as it is, escaped.
        let json = try await cli.run(["discs", "--json", "--library", library.root])
        #expect(json.stdout.contains("\\u001b[2J"))
        #expect(json.stdout.contains("Title\\u009b"))
        #expect(!json.stdout.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
    }

    @Test func aPlaylistWithStrangeBytesNeverCrashes() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        var bytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x41, 0x0A]  // a UTF-16 BOM and a NUL
        bytes += Array(String(repeating: "x", count: 5000).utf8) + [0x0A]
        bytes += Array("#EXTINF:abc\n#EXTINF:\n\n\r\n   \nA/\n".utf8) + [0xC3, 0x28, 0x0A]
        try library.write("CDs.m3u8", bytes)
        let result = try await cli.run(["doctor", "--library", library.root, "--json"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let entries = json?["entries"] as? [String: Any]
        #expect(entries?["resolved"] as? Int == 1)
        #expect(entries?["total"] as? Int == 4)
    }
}

extension BadInputTests {
    /// The index is a cache: damage that SQLite meets in use (not at opening) is mended by
    /// building the index again, and the command still answers.
    @Test func aDamagedIndexIsBuiltAgain() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Album 1", artist: "Artist 1", album: "Album 1", tracks: 12)
        try library.addAlbum("Album 2", artist: "Artist 2", album: "Album 2", tracks: 12)
        try library.playlist("Album 1/\nAlbum 2/\n")
        #expect(try await cli.run(["scan", "--library", library.root]).status == 0)

        let cache = cli.home + "/cache/cdwally"
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".sqlite3") })
        try IndexDamage.scrambleTrackPages(of: cache + "/" + name)

        let scan = try await cli.run(["scan", "--library", library.root, "--json"])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout.contains("\"tracks\": 24"))
        let warnings = scan.stderr.split(separator: "\n")
        #expect(warnings.count == 1 && warnings[0].contains("damaged"), "\(scan.stderr)")
        let again = try await cli.run(["scan", "--library", library.root, "--json"])
        #expect(again.stdout.contains("\"added\": 0") && again.stderr.isEmpty, "\(again.stderr)")
    }
}

extension BadInputTests {
    /// `kill -9` in the middle of indexing: what was committed stays sound, and the next scan
    /// finishes the work.
    @Test func aScanKilledMidwayIsFinishedByTheNext() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Seed", artist: "Seed", album: "Seed", tracks: 10)
        for copy in 1..<100 {
            try FileManager.default.copyItem(
                atPath: library.root + "/Seed", toPath: library.root + "/Copy \(copy)")
        }
        let cache = cli.home + "/cache/cdwally"
        let scan = try RunningCommand(cli, ["scan", "--library", library.root])
        try await scan.waitUntil("the index to be created") {
            (try? FileManager.default.contentsOfDirectory(atPath: cache))?.contains {
                $0.hasSuffix(".sqlite3")
            }
                == true
        }
        scan.signal(SIGKILL)
        // 1,000 files take far longer to index than it takes to see the index appear.
        #expect(try await scan.wait() == 128 + SIGKILL, "the scan ended before it could be killed")

        let finished = try await cli.json(["scan", "--library", library.root])
        #expect(finished["tracks"] as? Int == 1000)
        let again = try await cli.json(["scan", "--library", library.root])
        #expect(again["added"] as? Int == 0 && again["changed"] as? Int == 0)
        #expect(again["tracks"] as? Int == 1000)
    }
}
