import Foundation
import TestSupport
import Testing

/// The player answers at once on an output that takes audio at real-time pace: the Snapcast
/// recipe's `ao=pcm` into a named pipe, drained by a reader at 48 kHz as snapserver drains it.
/// There mpv's core waits on the pipe for up to a second at a time; commands must not wait
/// with it, and what is heard must follow within the output's own buffering. A real
/// `cdwally serve`, real libmpv, and what the reader actually read.
@Suite(.serialized) struct RealTimeOutputTests {
    /// 48 kHz stereo, 16-bit: what the recipe asks mpv for.
    private static let bytesPerSecond = 48_000 * 2 * 2
    /// A command's answer may take this much longer than a `status`, which needs nothing of
    /// the player: both pay for starting a process, which is not what is measured.
    private static let answerLimit: Duration = .milliseconds(500)
    /// What is heard follows a change within this: the pipe's 64 KiB (a third of a second)
    /// and mpv's own buffer.
    private static let hearingLimit: Duration = .milliseconds(1500)
    /// A read louder than this is the tone (half scale, 16,384) at any level above 20.
    private static let audible = 200

    private struct Setup {
        let cli: CLI
        let library: TestLibrary
        let reader: PipeReader
        let serve: RunningCommand
    }

    /// Two tracks of a steady 60 s tone; a `serve` writing into a pipe the reader drains.
    private func start() async throws -> Setup {
        let cli = try CLI()
        let library = try TestLibrary()
        for number in 1...2 {
            try library.addTone(
                "Tones/Long/0\(number).wav", seconds: 60,
                tags: [
                    "TITLE": "Tone \(number)", "ARTIST": "Tones", "ALBUM": "Long", "TRACKNUMBER": "\(number)",
                ])
        }
        try library.playlist("Tones/Long/01.wav\n")
        let fifo = cli.home + "/snapfifo"
        guard mkfifo(fifo, 0o600) == 0 else { throw TestFailure("mkfifo \(fifo): errno \(errno)") }
        let reader = try PipeReader(fifo, bytesPerSecond: Self.bytesPerSecond)
        let serve = try RunningCommand(
            cli,
            [
                "serve", "--idle", "--library", library.root, "--mpv", "ao=pcm", "--mpv",
                "ao-pcm-file=\(fifo)",
                "--mpv", "ao-pcm-waveheader=no", "--mpv", "audio-format=s16", "--mpv",
                "audio-samplerate=48000",
                "--mpv", "audio-channels=stereo",
            ])
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
        return Setup(cli: cli, library: library, reader: reader, serve: serve)
    }

    private func finish(_ setup: Setup) async throws {
        setup.serve.signal(SIGTERM)
        #expect(try await setup.serve.wait() == 0)
        await setup.reader.stop()
        setup.cli.remove()
    }

    /// How long `arguments` took to answer, and what it printed on failure.
    private func timed(_ cli: CLI, _ arguments: [String]) async throws -> Duration {
        let started = ContinuousClock.now
        let result = try await cli.run(arguments)
        let took = ContinuousClock.now - started
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return took
    }

    /// The quickest of three `status` round trips: the peer every answer is held to.
    private func statusRoundTrip(_ cli: CLI) async throws -> Duration {
        var quickest = Duration.seconds(60)
        for _ in 1...3 { quickest = min(quickest, try await timed(cli, ["status"])) }
        return quickest
    }

    /// How much longer `arguments` took to answer than `status` does: than the quickest at the
    /// start (`peer`), or than one right after it when the machine has slowed meanwhile (a
    /// shared CI machine starts every process slower under load, the player's answer or not).
    private func answer(_ cli: CLI, _ arguments: [String], peer: Duration) async throws -> Duration {
        let took = try await timed(cli, arguments)
        return took - max(peer, try await timed(cli, ["status"]))
    }

    /// Waits until the reader has read `condition` (loud or quiet) for half a second
    /// without a break, and returns when that began; nil when it never did within 10 s.
    private func heard(
        _ reader: PipeReader, from start: ContinuousClock.Instant, _ condition: @escaping (Int) -> Bool
    ) async -> ContinuousClock.Instant? {
        let deadline = start + .seconds(10)
        while ContinuousClock.now < deadline {
            var began: ContinuousClock.Instant?
            for reading in reader.loudness(from: start) {
                if !condition(reading.peak) {
                    began = nil
                } else if began == nil {
                    began = reading.time
                } else if let first = began, reading.time - first >= .milliseconds(500) {
                    return first
                }
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    @Test func commandsAnswerAtOnceAndTheSoundFollowsMuteUnmuteAndLevel() async throws {
        let setup = try await start()
        let cli = setup.cli
        let peer = try await statusRoundTrip(cli)

        let started = ContinuousClock.now
        #expect(try await answer(cli, ["disc", "1"], peer: peer) < Self.answerLimit)
        #expect(await heard(setup.reader, from: started) { $0 > Self.audible } != nil, "the tone never came")

        for command in [["next"], ["previous"], ["track", "2"], ["seek", "+10"], ["pause"], ["resume"]] {
            let beyond = try await answer(cli, command, peer: peer)
            #expect(beyond < Self.answerLimit, "\(command) took \(beyond) longer than status (\(peer))")
        }

        let muted = ContinuousClock.now
        #expect(try await answer(cli, ["volume", "mute"], peer: peer) < Self.answerLimit)
        let silence = await heard(setup.reader, from: muted) { $0 == 0 }
        #expect(
            silence.map { $0 - muted < Self.hearingLimit } == true,
            "silent from \(String(describing: silence.map { $0 - muted })) \(setup.reader.loudness(from: muted).map { "\($0.time - muted): \($0.peak)" })"
        )

        let unmuted = ContinuousClock.now
        #expect(try await answer(cli, ["volume", "unmute"], peer: peer) < Self.answerLimit)
        let sound = await heard(setup.reader, from: unmuted) { $0 > Self.audible }
        #expect(
            sound.map { $0 - unmuted < Self.hearingLimit } == true,
            "audible from \(String(describing: sound.map { $0 - unmuted }))")

        // From 100 to 40 is about a sixth of the peak on mpv's cubic curve: well below full.
        let full =
            setup.reader.loudness(from: ContinuousClock.now - .milliseconds(300)).map(\.peak).max() ?? 0
        let lowered = ContinuousClock.now
        #expect(try await answer(cli, ["volume", "40"], peer: peer) < Self.answerLimit)
        let quieter = await heard(setup.reader, from: lowered) { $0 > 0 && $0 < full / 3 }
        #expect(
            quieter.map { $0 - lowered < Self.hearingLimit } == true,
            "quieter from \(String(describing: quieter.map { $0 - lowered })), full \(full)")

        let status = try await cli.json(["status"])
        #expect(status["volume"] as? Int == 40)
        #expect(status["state"] as? String == "playing")
        try await finish(setup)
    }

    @Test func aSleepTimerGoesSilentWhenItRunsOutAndSaysPaused() async throws {
        let setup = try await start()
        let cli = setup.cli
        #expect(try await cli.run(["disc", "1"]).status == 0)
        #expect(await heard(setup.reader, from: .now) { $0 > Self.audible } != nil, "the tone never came")

        let set = ContinuousClock.now
        #expect(try await cli.run(["sleep", "6s"]).status == 0)
        let silence = await heard(setup.reader, from: set + .seconds(3)) { $0 == 0 }
        let late = silence.map { $0 - (set + .seconds(6)) }
        #expect(
            late.map { $0 < Self.hearingLimit } == true,
            "silent \(String(describing: late)) after the timer ran out")
        try await Task.sleep(for: .seconds(1))
        let status = try await cli.json(["status"])
        #expect(status["state"] as? String == "paused")
        #expect(status["sleep"] == nil || status["sleep"] is NSNull, "\(status)")
        try await finish(setup)
    }

    /// Each seek answers with the place it went to; the two are 10 s apart (one was not lost
    /// to the other) and the player settles on the later one. The place before the seeks is
    /// not read: under load mpv's core waits on the pipe and its report of where the pause
    /// left it can come after a `status` that said the place held still.
    @Test func twoRelativeSeeksSentAtOnceAddUp() async throws {
        let setup = try await start()
        let cli = setup.cli
        #expect(try await cli.run(["disc", "1"]).status == 0)
        #expect(try await cli.run(["pause"]).status == 0)
        async let first = cli.run(["seek", "+10"])
        async let second = cli.run(["seek", "+10"])
        let results = try await [first, second]
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let places = results.compactMap { Self.shownPlace($0.stdout) }.sorted()
        #expect(places.count == 2 && places[1] - places[0] == 10, "\(results.map(\.stdout))")
        var settled = -1.0
        try await setup.serve.waitUntil("the place to settle on the later seek's") {
            settled = try await cli.json(["status"])["position"] as? Double ?? -1
            return Int(settled) == places.last
        }
        #expect(settled >= 20, "\(settled)")
        try await finish(setup)
    }

    /// The whole seconds of "m:ss / m:ss" in a command's answer.
    private static func shownPlace(_ answer: String) -> Int? {
        guard let match = answer.firstMatch(of: /(\d+):(\d\d) \//), let minutes = Int(match.1),
            let seconds = Int(match.2)
        else { return nil }
        return minutes * 60 + seconds
    }
}
