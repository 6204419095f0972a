import Foundation
import TestSupport
import Testing

/// A full disk is bad input like any other: one clear line, a distinct exit status, and
/// nothing lost. The disk is a real tmpfs that really fills up.
@Suite(.enabled(if: SmallDisk.isAvailable, "needs root to mount a small tmpfs"))
struct FullDiskTests {
    @Test func anIndexOnAFullDiskIsAClearErrorAndWorksOnceThereIsRoom() async throws {
        var cli = try CLI()
        defer { cli.remove() }
        let disk = try SmallDisk(kilobytes: 1024)
        cli.environment["XDG_CACHE_HOME"] = disk.path
        let library = try TestLibrary()
        try library.addAlbum("First", artist: "A", album: "First")
        try library.playlist("First/\nSecond/\n")
        #expect(try await cli.run(["scan", "--library", library.root]).status == 0)

        try disk.fill()
        try library.addAlbum("Second", artist: "B", album: "Second", tracks: 40)
        let full = try await cli.run(["scan", "--library", library.root])
        #expect(full.status == 74)
        let lines = full.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(full.stderr)")
        #expect(lines.first?.contains("the disk is full") == true, "\(full.stderr)")
        #expect(lines.first?.contains(disk.path + "/cdwally/index-") == true)

        // Nothing was lost: with room again, the same index takes the new album in.
        try disk.free()
        let scan = try await cli.json(["scan", "--library", library.root])
        #expect(scan["tracks"] as? Int == 42)
        #expect(scan["albums"] as? Int == 2)
        let discs = try await cli.json(["discs", "--library", library.root])["discs"] as? [[String: Any]]
        #expect(discs?.compactMap { $0["album"] as? String } == ["First", "Second"])
    }

    @Test func playPositionsOnAFullDiskAreSaidOnceAndTheOldOnesKept() async throws {
        var cli = try CLI()
        defer { cli.remove() }
        let disk = try SmallDisk(kilobytes: 256)
        cli.environment["XDG_STATE_HOME"] = disk.path
        let playback = PlaybackCommandTests()
        let library = try playback.makeLibrary()
        let player = try RunningCommand(cli, ["play", "2", "--library", library.root, "--mpv", "ao=null"])
        try await player.waitForOutput("Track 1/2")
        try await Task.sleep(for: .seconds(2))
        player.signal(SIGTERM)
        #expect(try await player.wait() == 0)
        let saved = try #require(try await playback.resume(cli, library, disc: 2))
        let resumeFile = try libraryStateFolder(under: disk.path + "/cdwally") + "/resume.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: resumeFile))

        // The disc plays to its end (which would start it from track 1 next time), on a
        // disk with no room for that news.
        try disk.fill()
        let (played, _) = try await playback.render(cli, library, ["2"])
        #expect(played.stdout.contains("Finished: Quiet — Long"))
        let complaints = played.stderr.split(separator: "\n").filter {
            $0.contains("could not save play positions")
        }
        #expect(complaints.count == 1, "\(played.stderr)")
        #expect(complaints.first?.contains("the disk is full") == true)
        // The listening history, saved with each place and at the disc's end, is said once too.
        let history = played.stderr.split(separator: "\n").filter {
            $0.contains("could not save the listening history")
        }
        #expect(history.count == 1, "\(played.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: resumeFile)) == before)

        try disk.free()
        let kept = try #require(try await playback.resume(cli, library, disc: 2))
        #expect(kept["track"] as? Int == saved["track"] as? Int)
        #expect(kept["position"] as? Double == saved["position"] as? Double)
    }
}
