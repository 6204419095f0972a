import Foundation
import TestSupport
import Testing

/// Playlists and trees made to hurt (issue #15's hostile input): each is reported in a few
/// clear lines and never walks, opens or prints more than it should.
@Suite struct HostileInputTests {
    /// An audio file saved as CDs.m3u8 is said once not to be a playlist: none of its bytes
    /// become entries, paths or lines on stderr.
    @Test func aBinaryPlaylistIsSaidOnceNotToBeAPlaylist() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        var noise: [UInt8] = []
        for track in ["tagged.wav", "tagged.aiff", "tagged.wma", "itunes.m4a"] {
            noise += try Array(Data(contentsOf: URL(fileURLWithPath: TestLibrary.fixtures + "/" + track)))
        }
        try library.write("CDs.m3u8", noise)
        let discs = try await cli.run(["discs", "--library", library.root])
        #expect(discs.status == 0)
        #expect(
            discs.stderr.components(separatedBy: "does not look like a playlist").count == 2,
            "\(discs.stderr)")
        #expect(discs.stderr.utf8.count < 300, "\(discs.stderr)")
        let doctor = try await cli.json(["doctor", "--library", library.root])
        let playlist = doctor["playlist"] as? [String: Any]
        #expect(playlist?["looksLikePlaylist"] as? Bool == false)
        #expect((doctor["entries"] as? [String: Any])?["total"] as? Int == 0)
    }

    /// `Open/` followed by a NUL names no folder: cut at the NUL it would be `Open/`.
    @Test func aLineWithANulIsAnUnavailableEntryWithItsReason() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Open", artist: "O", album: "Open")
        try library.addAlbum("Other", artist: "P", album: "Other")
        try library.write("CDs.m3u8", Array("Other/\nOpen/".utf8) + [0] + Array("junk\n".utf8))
        let discs = try await cli.run(["discs", "--library", library.root])
        #expect(discs.status == 0)
        #expect(
            discs.stderr == "cdwally: 1 entry of the CDs playlist leads nowhere (cdwally doctor says why)\n")
        #expect(!discs.stdout.contains("Open"))
        let entries = try await doctorEntries(cli, ["--library", library.root])
        #expect(entries.unavailable.count == 1)
        #expect(entries.unavailable.first?.line == 2)
        #expect(entries.unavailable.first?.reason.contains("NUL") == true)
    }

    /// Fifteen symbolic-link loops make ten lines and a count on stderr; doctor lists all.
    @Test func problemsOnStderrAreBounded() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        try library.playlist("A/\n")
        for number in 1...15 {
            let folder = library.root + "/Loop \(number)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/back", withDestinationPath: "..")
        }
        let scan = try await cli.run(["scan", "--library", library.root])
        #expect(scan.status == 0)
        let lines = scan.stderr.split(separator: "\n")
        #expect(lines.count == 11, "\(scan.stderr)")
        #expect(lines.last == "cdwally: and 5 more (cdwally doctor lists them)")
        let doctor = try await cli.run(["doctor", "--library", library.root])
        #expect(doctor.stdout.components(separatedBy: "symbolic link loop").count == 16, "\(doctor.stdout)")
    }

    /// `/`, `..` and `file:///` would walk the whole disk, /proc and /dev included: a folder
    /// entry reaches only below the library, never into a pseudo file system, and a link in
    /// the library to a folder above it is a loop, not a way out.
    @Test func aFolderEntryNeverLeavesTheLibrary() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        for (link, target) in [("Proc", "/proc"), ("Devices", "/dev"), ("Everything", "/")] {
            try FileManager.default.createSymbolicLink(
                atPath: library.root + "/" + link, withDestinationPath: target)
        }
        try library.playlist("A/\n/\n..\nfile:///\n/proc\n/sys/\n/dev\nProc/\nDevices/\nEverything/\n")
        let started = Date()
        let discs = try await cli.run(["discs", "--library", library.root, "--json"])
        #expect(discs.status == 0, "\(discs.stderr)")
        #expect(discs.stdout.components(separatedBy: "\"position\"").count == 2, "\(discs.stdout)")
        let entries = try await doctorEntries(cli, ["--library", library.root])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(entries.resolved == 1)
        let reasons = entries.unavailable.map { ($0.entry, $0.reason) }
        let expected: [(String, String)] = [
            ("/", "outside the library"), ("..", "outside the library"), ("file:///", "outside the library"),
            ("/proc", "pseudo file system"), ("/sys/", "pseudo file system"), ("/dev", "pseudo file system"),
            ("Proc/", "pseudo file system"), ("Devices/", "pseudo file system"),
            ("Everything/", "holds the library"),
        ]
        #expect(reasons.count == expected.count, "\(reasons)")
        for ((entry, reason), (wanted, words)) in zip(reasons, expected) {
            #expect(entry == wanted && reason.contains(words), "\(entry): \(reason)")
        }
        // The whole-tree walk of doctor took the links to /proc and /dev for nothing, and the
        // link to / for a loop.
        #expect(entries.report["index"].flatMap { ($0 as? [String: Any])?["tracks"] as? Int } == 2)
        #expect(entries.stderr == "cdwally: symbolic link loop at \(library.root)/Everything: skipped\n")
    }

    /// A `--playlist` kept outside the library may name folders below its own folder, and
    /// any folder of the library, but not the folder above it.
    @Test func aPlaylistOutsideTheLibraryReachesOnlyBelowItsFolder() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        let outside = try TestLibrary()
        try outside.addAlbum("Extra", artist: "E", album: "Extra")
        try outside.playlist("Extra/\n..\n\(library.root)/A/\n")
        let entries = try await doctorEntries(
            cli, ["--library", library.root, "--playlist", outside.root + "/CDs.m3u8"]
        )
        #expect(entries.resolved == 2)
        #expect(entries.unavailable.map(\.entry) == [".."])
        #expect(entries.unavailable.first?.reason.contains("above the playlist's folder") == true)
    }

    /// A named pipe or a device in the playlist is said to be what it is, and never opened:
    /// a read of a pipe waits for a writer, and /dev/zero never ends (issue #12).
    @Test func aNamedPipeOrADeviceIsNamedAndNeverRead() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        try #require(mkfifo(library.root + "/A/03 pipe.flac", 0o644) == 0)
        try #require(mkfifo(library.root + "/pipe.m3u8", 0o644) == 0)
        try library.playlist("A/03 pipe.flac\n/dev/zero\nA/\n")
        // A read that blocks would hang the test: `timeout` ends it and fails it instead.
        let timeout = ["/usr/bin/timeout", "30"]
        let entries = try await doctorEntries(cli, ["--library", library.root], wrapper: timeout)
        #expect(
            entries.unavailable.map(\.reason) == [
                "a named pipe, not an audio file", "a character device, not an audio file",
            ])
        #expect(entries.resolved == 1)

        for playlist in [library.root + "/pipe.m3u8", "/dev/zero", library.root + "/A"] {
            let discs = try await cli.run(
                ["discs", "--library", library.root, "--playlist", playlist], wrapper: timeout)
            #expect(discs.status == 66, "\(playlist): \(discs.stderr)")
            #expect(discs.stderr.contains("cannot read the playlist \(playlist): it is a"), "\(discs.stderr)")
            #expect(discs.stderr.contains("not a playlist file"))
        }
    }

    /// What `cdwally doctor --json` says of the playlist's entries, with the whole report and
    /// what doctor wrote on stderr.
    private func doctorEntries(_ cli: CLI, _ arguments: [String], wrapper: [String] = []) async throws -> (
        resolved: Int?, unavailable: [(line: Int, entry: String, reason: String)], stderr: String,
        report: [String: Any]
    ) {
        let doctor = try await cli.run(["doctor", "--json"] + arguments, wrapper: wrapper)
        #expect(doctor.status == 0, "\(doctor.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(doctor.stdout.utf8)) as? [String: Any] ?? [:]
        let entries = report["entries"] as? [String: Any]
        let unavailable = (entries?["unavailable"] as? [[String: Any]] ?? []).map {
            (
                line: $0["line"] as? Int ?? 0, entry: $0["entry"] as? String ?? "",
                reason: $0["reason"] as? String ?? ""
            )
        }
        return (entries?["resolved"] as? Int, unavailable, doctor.stderr, report)
    }
}
