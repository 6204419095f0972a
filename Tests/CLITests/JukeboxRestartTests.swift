import Foundation
import TestSupport
import Testing

/// A jukebox that loses power comes back as it was: `serve` plays on the disc that was
/// playing when the last player ended, from its saved place, and idles otherwise
/// (docs/PRODUCT.md §6). Real `serve` processes, killed and started again.
@Suite struct JukeboxRestartTests {
    /// Two albums of silence, 40 s a track, so nothing ends while a test looks.
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        for (artist, album) in [("Ann", "First"), ("Bob", "Second")] {
            for number in 1...2 {
                try library.add(
                    "\(artist)/\(album)/0\(number).flac", template: "long.flac",
                    tags: [
                        "TITLE": "\(album) \(number)", "ARTIST": artist, "ALBUM": album,
                        "TRACKNUMBER": "\(number)",
                    ])
            }
        }
        try library.playlist("Ann/First/01.flac\nBob/Second/01.flac\n")
        return library
    }

    /// A serve that played disc 2 from 0:20 until a periodic save (every 5 s) recorded it as
    /// playing, then lost its power (SIGKILL).
    private func cutOffWhilePlayingTheSecondDisc(_ cli: CLI, _ library: TestLibrary) async throws {
        let serve = try await startServe(cli, library)
        #expect(try await cli.json(["disc", "2"])["state"] as? String == "playing")
        _ = try await cli.json(["seek", "0:20"])
        try await Task.sleep(for: .seconds(6))
        serve.signal(SIGKILL)
        _ = try await serve.wait()
    }

    @Test func killedWhilePlayingItComesBackPlayingFromTheSavedPlace() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try await cutOffWhilePlayingTheSecondDisc(cli, library)

        let second = try await startServe(cli, library)
        try await second.waitUntil("disc 2 to play again") {
            let status = try await cli.json(["status"])
            return status["state"] as? String == "playing"
        }
        let status = try await cli.json(["status"])
        #expect((status["disc"] as? [String: Any])?["position"] as? Int == 2)
        #expect((status["track"] as? [String: Any])?["index"] as? Int == 1)
        // Saved at 0:20 or later; at most a few seconds lost, none invented.
        let position = try #require(status["elapsed"] as? Double)
        #expect(position >= 20 && position < 35)
        second.signal(SIGTERM)
        #expect(try await second.wait() == 0)

        // Stopped by SIGTERM while playing (a shutdown): it plays on again next time.
        let third = try await startServe(cli, library)
        try await third.waitUntil("disc 2 to play after a shutdown") {
            try await cli.json(["status"])["state"] as? String == "playing"
        }
        third.signal(SIGTERM)
        #expect(try await third.wait() == 0)
    }

    /// At boot the sound card may come up after the jukebox (seen in the whole-machine check:
    /// the box stayed silent after a power cut). An output that does not open yet is tried
    /// again until it does, said once, and the disc plays on from its place.
    @Test func anOutputThatOpensLateIsTriedAgainAndTheDiscPlaysOn() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try await cutOffWhilePlayingTheSecondDisc(cli, library)

        // mpv's PCM output cannot open a file in a folder that is not there yet. Untimed, it
        // renders the rest of the disc at once: its length says where the disc went on from.
        // `--verbose` for the journal's info lines.
        let card = cli.home + "/late-card"
        let serve = try await startServe(
            cli, library,
            extra: [
                "--verbose", "--mpv", "ao=pcm", "--mpv", "ao-pcm-file=\(card)/out.raw", "--mpv",
                "ao-pcm-waveheader=no",
                "--mpv", "audio-format=s16", "--mpv", "audio-channels=mono", "--mpv", "audio-samplerate=8000",
            ])
        try await serve.waitUntil("the output to fail") { serve.stderr.contains("does not open yet") }
        try await Task.sleep(for: .seconds(5))
        #expect(try await cli.json(["status"])["state"] as? String != "playing")

        try FileManager.default.createDirectory(atPath: card, withIntermediateDirectories: false)
        try await serve.waitUntil("disc 2 to play to its end once the output opens") {
            serve.stderr.contains("Finished: Bob — Second")
        }
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
        // From 0:20 or a little later (the last save before the cut): the rest of track 1 and
        // all of track 2, 54 to 60 s, not the whole disc's 80.
        let bytes = try #require(
            FileManager.default.attributesOfItem(atPath: card + "/out.raw")[.size] as? Int)
        let seconds = Double(bytes) / 16_000
        #expect(seconds > 53 && seconds < 61, "\(seconds) s rendered")
        // Tried every two seconds, said once: the wait and mpv's refusal, then the opening.
        let log = serve.stderr
        #expect(log.components(separatedBy: "does not open yet").count == 2, "\(log)")
        #expect(log.components(separatedBy: "error: could not open audio device").count == 2, "\(log)")
        #expect(log.contains("the audio output opened: playing on disc 2"), "\(log)")
    }

    /// A seek is a change of place, saved as a track change is: a power cut two seconds after
    /// it brings the player back there, not to the place of the last periodic save.
    @Test func aPowerCutJustAfterASeekResumesAtTheSeeksPlace() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library)
        #expect(try await cli.json(["disc", "1"])["state"] as? String == "playing")
        _ = try await cli.json(["seek", "0:30"])
        try await Task.sleep(for: .seconds(2))
        serve.signal(SIGKILL)
        _ = try await serve.wait()

        let second = try await startServe(cli, library)
        try await second.waitUntil("disc 1 to play again") {
            try await cli.json(["status"])["state"] as? String == "playing"
        }
        let position = try #require(try await cli.json(["status"])["elapsed"] as? Double)
        #expect(position >= 29 && position < 36, "\(position)")
        second.signal(SIGTERM)
        #expect(try await second.wait() == 0)
    }

    @Test func pausedOrToldToIdleItWaits() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try await cutOffWhilePlayingTheSecondDisc(cli, library)

        // --idle wins over what was playing, and leaves it to be restored later.
        let idle = try await startServe(cli, library, extra: ["--idle"])
        try await Task.sleep(for: .seconds(1))
        #expect(try await cli.json(["status"])["state"] as? String == "idle")
        idle.signal(SIGTERM)
        #expect(try await idle.wait() == 0)

        let playing = try await startServe(cli, library)
        try await playing.waitUntil("disc 2 to play again") {
            try await cli.json(["status"])["state"] as? String == "playing"
        }
        #expect(try await cli.json(["pause"])["state"] as? String == "paused")
        // The pause is written off the player's thread, at once; a cut within that instant
        // may lose it, as the rules allow (a few seconds at most), so the power goes later.
        try await Task.sleep(for: .seconds(1))
        playing.signal(SIGKILL)
        _ = try await playing.wait()

        // Paused when the power went: it idles, with the place kept for `play`.
        let paused = try await startServe(cli, library)
        try await Task.sleep(for: .seconds(1))
        #expect(try await cli.json(["status"])["state"] as? String == "idle")
        let resumed = try await cli.json(["resume"])
        #expect((resumed["disc"] as? [String: Any])?["position"] as? Int == 2)
        #expect((resumed["elapsed"] as? Double ?? 0) >= 20)
        paused.signal(SIGTERM)
        #expect(try await paused.wait() == 0)
    }

    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/input"), "this machine has /dev/input"))
    func inputAutoSaysSoWhenThereIsNoInputFolder() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library, extra: ["--input", "auto", "--verbose"])
        #expect(serve.stderr.contains("--input auto: /dev/input does not exist"))
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func volumeAndSleepFromTheCommandLineSurviveAPowerCut() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let first = try await startServe(cli, library)
        #expect(try await cli.json(["disc", "1"])["volume"] as? Int == 100)
        #expect(try await cli.json(["volume", "40"])["volume"] as? Int == 40)
        #expect(try await cli.json(["volume", "-5"])["volume"] as? Int == 35)
        #expect(try await cli.json(["volume", "+90"])["volume"] as? Int == 100)  // a step stops at the top
        #expect(try await cli.json(["volume", "35"])["volume"] as? Int == 35)
        #expect(try await cli.json(["volume", "mute"])["muted"] as? Bool == true)
        #expect(try await cli.run(["volume"]).stdout == "Volume 35 (muted)\n")
        let bad = try await cli.run(["volume", "loud"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("volume takes one value"))

        let timer = try await cli.json(["sleep", "30m"])
        let sleep = try #require(timer["sleep"] as? [String: Any])
        #expect(sleep["mode"] as? String == "timer")
        #expect((1790...1800).contains(sleep["remaining"] as? Int ?? 0))
        // Whole seconds left, rounded up: 30:00 at first, then 29:59…
        let shown = try await cli.run(["sleep"]).stdout
        #expect(
            shown.hasPrefix("Sleep timer: pauses in 30:00") || shown.hasPrefix("Sleep timer: pauses in 29:5"))
        let status = try await cli.run(["status"]).stdout
        #expect(
            status.contains("Volume 35, muted · sleep in 30:00")
                || status.contains("Volume 35, muted · sleep in 29:5"))
        let endOfDisc = try await cli.json(["sleep", "end-of-disc"])
        #expect((endOfDisc["sleep"] as? [String: Any])?["mode"] as? String == "end-of-disc")
        #expect(try await cli.run(["sleep", "off"]).stdout == "No sleep timer\n")
        #expect(try await cli.run(["sleep", "forever"]).status == 64)
        #expect(try await cli.run(["sleep", "25h"]).status == 64)

        // The level and mute are kept like the positions: a power cut loses neither.
        try await Task.sleep(for: .seconds(1))
        first.signal(SIGKILL)
        _ = try await first.wait()
        let second = try await startServe(cli, library)
        let restored = try await cli.json(["status"])
        #expect(restored["volume"] as? Int == 35)
        #expect(restored["muted"] as? Bool == true)
        second.signal(SIGTERM)
        #expect(try await second.wait() == 0)
    }
}
