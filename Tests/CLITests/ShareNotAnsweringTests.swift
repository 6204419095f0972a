import Foundation
import TestSupport
import Testing

/// A library whose file system stops answering, as a network share does when its server goes
/// away (a hard mount holds every call until it is back): a real exFAT disk through FUSE whose
/// daemon is stopped (`ExFATDisk.freeze`), under a real `serve`. The commands that need
/// nothing from the library still answer, the status and the journal say what is wrong, and
/// once the disk answers again the status is clear. Skipped where the disk cannot mount.
@Suite(.enabled(if: ExFATDisk.isAvailable, "needs root, mkfs.exfat, losetup and mount.exfat-fuse"))
struct ShareNotAnsweringTests {
    /// A `serve` playing disc 1 (two 40 s tracks) from a library on its own exFAT disk.
    private struct ServeOnShare {
        let cli: CLI
        let share: ExFATDisk
        let serve: RunningCommand

        init() async throws {
            cli = try CLI()
            share = try ExFATDisk()
            let source = try TestLibrary()
            try FileManager.default.createDirectory(
                atPath: share.path + "/Ann/First", withIntermediateDirectories: true)
            for track in 1...2 {
                let file = try source.add(
                    "Ann/First/0\(track).flac", template: "long.flac",
                    tags: [
                        "TITLE": "Part \(track)", "ARTIST": "Ann", "ALBUM": "First",
                        "TRACKNUMBER": "\(track)",
                    ])
                try FileManager.default.copyItem(
                    atPath: file, toPath: share.path + "/Ann/First/0\(track).flac")
            }
            try "Ann/First/01.flac\n".write(
                toFile: share.path + "/CDs.m3u8", atomically: false, encoding: .utf8)
            serve = try RunningCommand(
                cli, ["serve", "--library", share.path, "--mpv", "ao=null", "--verbose"])
            try await serve.waitUntil("the player to answer") { [cli] in
                (try? await cli.run(["status"]))?.status == 0
            }
            #expect(try await cli.json(["disc", "1"])["state"] as? String == "playing")
        }

        /// `cdwally ARGUMENTS --json`, given at most 10 s: a command held by the disk fails.
        func answer(_ arguments: [String]) async throws -> [String: Any] {
            let result = try await cli.run(arguments + ["--json"], wrapper: ["/usr/bin/timeout", "10"])
            try #require(result.status == 0, "`\(arguments.joined(separator: " "))`: exit \(result.status)")
            return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        }

        /// Runs `body` with the disk frozen, and thaws it however `body` ends: a disk left
        /// frozen would hold its unmount for ever.
        func whileFrozen(_ body: () async throws -> Void) async throws {
            try share.freeze()
            do {
                try await body()
            } catch {
                try share.thaw()
                throw error
            }
            try share.thaw()
        }

        /// Stops `serve`, which must end well.
        func stop() async throws {
            serve.signal(SIGTERM)
            #expect(try await serve.wait() == 0)
        }
    }

    @Test func aLibraryThatStopsAnsweringIsSaidAndTheControlsStillAnswer() async throws {
        let setup = try await ServeOnShare()
        defer { setup.cli.remove() }
        let (cli, share, serve) = (setup.cli, setup.share, setup.serve)

        // Paused, the player says nothing new by itself: a follower hears of the library from
        // the host alone.
        #expect(try await setup.answer(["pause"])["state"] as? String == "paused")
        let follower = try RunningCommand(cli, ["status", "--follow"])
        try await follower.waitUntil("the follower's first line") { follower.stdout.contains("Paused") }
        try await setup.whileFrozen {
            try await serve.waitUntil(timeout: 20, "the status to say the library does not answer") {
                try await setup.answer(["status"])["notAnswering"] as? String == share.path
            }
            try await follower.waitUntil(timeout: 10, "the follower to hear of it") {
                follower.stdout.contains("does not answer")
            }
            #expect(try await setup.answer(["volume", "60"])["volume"] as? Int == 60)
            let text = try await cli.run(["status"], wrapper: ["/usr/bin/timeout", "10"])
            #expect(text.stdout.contains("does not answer"), "\(text.stdout)")
            #expect(serve.stderr.contains("the library at \(share.path) does not answer"), "\(serve.stderr)")
        }
        try await serve.waitUntil(timeout: 20, "the status to be clear again") {
            try await setup.answer(["status"])["notAnswering"] is NSNull
        }
        try await serve.waitUntil(timeout: 10, "the journal to say it answers again") {
            serve.stderr.contains("the library at \(share.path) answers again")
        }
        try await follower.waitUntil(timeout: 10, "the follower to hear it answers") {
            follower.stdout.split(separator: "\n").last?.contains("does not answer") == false
        }
        follower.signal(SIGTERM)
        try await setup.stop()
    }

    /// The disc's next track asked for while the library does not answer: the music waits
    /// at the end of the track (mpv waits inside the read), and plays the next one once the
    /// library answers again.
    @Test func theNextTrackWaitsForTheLibraryAndPlaysOnceItAnswers() async throws {
        let setup = try await ServeOnShare()
        defer { setup.cli.remove() }
        let (cli, share, serve) = (setup.cli, setup.share, setup.serve)

        try await setup.whileFrozen {
            _ = try await cli.run(["seek", "0:38"], wrapper: ["/usr/bin/timeout", "10"])
            try await serve.waitUntil(timeout: 20, "the status to say the library does not answer") {
                try await setup.answer(["status"])["notAnswering"] as? String == share.path
            }
            try await Task.sleep(for: .seconds(4))
            let waiting = try await setup.answer(["status"])
            #expect(waiting["trackIndex"] as? Int == 1, "\(waiting)")
        }
        try await serve.waitUntil(timeout: 30, "track 2 to play") {
            let now = try await setup.answer(["status"])
            return now["trackIndex"] as? Int == 2 && now["notAnswering"] is NSNull
        }
        try await setup.stop()
    }
}
