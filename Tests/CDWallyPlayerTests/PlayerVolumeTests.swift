import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer

/// The software volume through real libmpv, rendered untimed with `ao=pcm`: the samples
/// scale with the level (mpv's volume curve is cubic), mute renders silence, and no level
/// goes past `volume-max`.
@Suite struct PlayerVolumeTests {
    /// The root mean square of the first channel of a disc rendered after `changes`.
    private func loudness(after changes: [VolumeChange]) async throws -> (
        rms: Double, snapshot: PlayerSnapshot
    ) {
        let wallet = try FixtureWallet.wallet()
        let harness = try PlayerHarness(wallet: wallet, output: .pcm)
        for change in changes { try await harness.player.perform(.volume(change)) }
        let snapshot = harness.player.snapshot
        try await harness.player.perform(.play(disc: 1, fromStart: true))
        #expect(await harness.waitFor { $0.contains { if case .discFinished = $0 { true } else { false } } })
        await harness.close(keepFiles: true)
        defer { harness.directory.remove() }
        let samples = try #require(try WAVFile(contentsOf: harness.directory.file("out.wav")).int16Samples)
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return ((sum / Double(max(1, samples.count))).squareRoot(), snapshot)
    }

    @Test func renderedSamplesScaleWithTheLevelAndMuteIsSilence() async throws {
        let full = try await loudness(after: [])
        #expect(full.rms > 100)
        let half = try await loudness(after: [.set(40), .by(10)])
        #expect(half.snapshot.volume == 50)
        // mpv's software volume is cubic: 50 % is a gain of 0.125.
        #expect(abs(half.rms / full.rms - 0.125) < 0.02, "\(half.rms / full.rms)")
        let muted = try await loudness(after: [.mute])
        #expect(muted.snapshot.muted)
        #expect(muted.rms == 0)
        let unmuted = try await loudness(after: [.toggleMute, .toggleMute])
        #expect(!unmuted.snapshot.muted)
        #expect(abs(unmuted.rms / full.rms - 1) < 0.02)
    }

    @Test func theLevelStaysBetweenSilenceAndVolumeMax() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet(), output: .pcm)
        defer { harness.directory.remove() }
        #expect(try await harness.player.perform(.volume(.set(500))).volume == 130)
        #expect(try await harness.player.perform(.volume(.by(-1000))).volume == 0)
        #expect(try await harness.player.perform(.volume(.set(.nan))).volume == 0)
        await harness.close(keepFiles: true)
    }
}
