import Foundation
import TestSupport
import Testing

/// A USB stick's exFAT ignores case (docs/PRODUCT.md §10): a playlist line spelled in another
/// case, or with backslashes, opens the file the walk indexed, and must lead to that one path
/// in the index, whatever spelling led to it: `doctor` sees it indexed, and a retagged title
/// shows through after `scan`. A real exFAT image through FUSE, skipped where it cannot mount.
@Suite(.enabled(if: ExFATDisk.isAvailable, "needs root, mkfs.exfat, losetup and mount.exfat-fuse"))
struct CaseInsensitiveDiskTests {
    @Test func aLineInAnotherCaseOrWithBackslashesLeadsToTheIndexedFile() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let stick = try ExFATDisk()
        let source = try TestLibrary()
        func put(_ path: String, title: String, album: String, artist: String) throws {
            let file = try source.add(
                path, template: "long.flac",
                tags: ["TITLE": title, "ARTIST": artist, "ALBUM": album, "TRACKNUMBER": "1"])
            let destination = stick.path + "/" + path
            try FileManager.default.createDirectory(
                atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true
            )
            try? FileManager.default.removeItem(atPath: destination)
            try FileManager.default.copyItem(atPath: file, toPath: destination)
        }
        try put("Air/Moon Safari/01 Intro.flac", title: "Intro", album: "Moon Safari", artist: "Air")
        try put("Bob/Second/01 One.flac", title: "One", album: "Second", artist: "Bob")
        // As Windows writes it: backslashes, another case, CRLF.
        try "air\\MOON SAFARI\\01 intro.flac\r\nbob/second/01 ONE.FLAC\r\n".write(
            toFile: stick.path + "/CDs.m3u8", atomically: false, encoding: .utf8)

        let library = ["--library", stick.path]
        #expect(try await cli.run(["scan"] + library).status == 0)
        let discs = try await cli.run(["discs"] + library)
        #expect(discs.status == 0, "\(discs.stderr)")
        #expect(discs.stdout.contains("Moon Safari") && discs.stdout.contains("Second"), "\(discs.stdout)")
        let doctor = try await cli.run(["doctor"] + library)
        #expect(!doctor.stdout.contains("not indexed"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("2 resolved"), "\(doctor.stdout)")
        // One path per file: the index holds the two files once each.
        let scan = try await cli.run(["scan"] + library)
        #expect(scan.stdout.contains("2 tracks"), "\(scan.stdout)")

        // exFAT through FUSE keeps times in two-second steps, and the new tag fits the old
        // size: a retag within the same step would look unchanged to any scanner.
        try await Task.sleep(for: .seconds(2.5))
        try put(
            "Air/Moon Safari/01 Intro.flac", title: "Intro (retagged)", album: "Moon Safari", artist: "Air")
        #expect(try await cli.run(["scan"] + library).status == 0)
        let tracks = try await cli.run(["tracks", "1"] + library)
        #expect(tracks.stdout.contains("Intro (retagged)"), "\(tracks.stdout)\(tracks.stderr)")
    }
}
