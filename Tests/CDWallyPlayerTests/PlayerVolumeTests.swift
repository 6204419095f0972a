import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// The volume and the sleep timer through the real engine and libmpv: heard in what
/// `ao=pcm` renders, kept across players like the positions.
@Suite struct PlayerVolumeTests {
    /// The loudest sample of a disc rendered at `level` (and muted or not).
    private func peak(level: Int?, muted: Bool = false, directory: TemporaryDirectory? = nil) async throws
        -> Int
    {
        let harness = try PlayerHarness(
            wallet: try FixtureWallet.wallet(["flac"]), output: .pcm, directory: directory)
        if let level { try await harness.player.perform(.volume(.set(level))) }
        if muted { try await harness.player.perform(.volume(.mute)) }
        // The change ramps over a few tens of milliseconds; the render must start after it.
        try await Task.sleep(for: .milliseconds(400))
        try await harness.player.perform(.play(disc: 1, fromStart: true))
        #expect(await harness.waitFor { $0.contains { if case .discFinished = $0 { true } else { false } } })
        await harness.close(keepFiles: true)
        let samples = try #require(try WAVFile(contentsOf: harness.directory.file("out.wav")).int16Samples)
        return samples.map { abs(Int($0)) }.max() ?? 0
    }

    @Test func theRenderedSamplesScaleWithTheLevelAndAMuteIsSilence() async throws {
        let full = try await peak(level: nil)
        let half = try await peak(level: 50)
        let muted = try await peak(level: 80, muted: true)
        #expect(full > 1000)
        // mpv's software volume is cubic: level 50 is an eighth of the amplitude.
        #expect(Double(half) > Double(full) * 0.08 && Double(half) < Double(full) * 0.2, "\(half) of \(full)")
        #expect(muted == 0)
    }

    @Test func theLevelNeverPassesVolumeMaxAndSurvivesTheNextPlayer() async throws {
        let directory = try TemporaryDirectory()
        let first = try PlayerHarness(wallet: try FixtureWallet.wallet(["flac"]), directory: directory)
        #expect(first.player.snapshot.volume == 100)
        // Out of range is refused, and nothing changes; a step clamps at the range's ends.
        await #expect(throws: PlayerError.volumeOutOfRange(requested: "140", maximum: 100)) {
            try await first.player.perform(.volume(.set(140)))
        }
        await #expect(throws: PlayerError.volumeOutOfRange(requested: "-200", maximum: 100)) {
            try await first.player.perform(.volume(.by(-200)))
        }
        #expect(first.player.snapshot.volume == 100)
        #expect(try await first.player.perform(.volume(.by(-25))).volume == 75)
        #expect(try await first.player.perform(.volume(.by(-90))).volume == 0)
        #expect(try await first.player.perform(.volume(.set(42))).volume == 42)
        let muted = try await first.player.perform(.volume(.toggleMute))
        #expect(muted.muted && muted.volume == 42)
        await first.close(keepFiles: true)

        let second = try PlayerHarness(wallet: try FixtureWallet.wallet(["flac"]), directory: directory)
        #expect(second.player.snapshot.volume == 42)
        #expect(second.player.snapshot.muted)
        let unmuted = try await second.player.perform(.volume(.unmute))
        #expect(!unmuted.muted && unmuted.volume == 42)
        await second.close()
    }

    @Test func theSleepTimerFadesOutPausesAndBringsTheLevelBack() async throws {
        // ao=null plays in real time: the fixture disc lasts 2.2 s, the timer fires at 1.5 s.
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet(["flac"]))
        try await harness.player.perform(.play(disc: 1, fromStart: true))
        let set = try await harness.player.perform(.sleep(.after(seconds: 1.5)))
        guard case .at(let deadline) = set.sleep else {
            Issue.record("no timer in \(String(describing: set.sleep))")
            return
        }
        #expect(set.sleep?.secondsLeft(now: Date()) == 2)
        #expect(deadline.timeIntervalSinceNow > 1 && deadline.timeIntervalSinceNow <= 1.5)
        #expect(await eventually(timeout: .seconds(10)) { harness.player.snapshot.sleep == nil })
        let after = harness.player.snapshot
        await harness.close()
        #expect(after.state == .paused || after.state == .stopped)
        #expect(after.volume == 100)
    }

    @Test func sleepAtTheEndOfTheDiscStopsThereAndOffClearsIt() async throws {
        let wallet = try FixtureWallet.wallet(["flac", "opus"])
        let harness = try PlayerHarness(wallet: wallet, output: .pcm, endOfDisc: .next)
        #expect(try await harness.player.perform(.sleep(.endOfDisc)).sleep == .endOfDisc)
        #expect(try await harness.player.perform(.sleep(.off)).sleep == nil)
        try await harness.player.perform(.sleep(.endOfDisc))
        try await harness.player.perform(.play(disc: 1, fromStart: true))
        #expect(await harness.waitFor { $0.contains(.playbackFinished(walletPlayedThrough: false)) })
        await harness.close()
        // --then next would have gone on to disc 2: the timer stopped it after disc 1.
        #expect(harness.finishedDiscs == ["Gapless flac"])
        #expect(harness.player.snapshot.sleep == nil)
    }
}
