import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer

/// One volume (docs/PRODUCT.md §10): a level sounds the same however it was reached, on mpv's
/// curve (the amplitude is the cube of level/100), on an ordinary output and on the Snapcast
/// pipe. Real libmpv; the peaks are what `ao=pcm` wrote into a WAV file, or what a reader of
/// the pipe read.
@Suite(.serialized) struct PlayerOneVolumeTests {
    enum Sink: CaseIterable {
        /// `ao=pcm` into a WAV file: mpv's software volume applies the level.
        case wav
        /// The Snapcast recipe into a named pipe: the relay applies it (`PCMRelay`).
        case pipe
    }

    /// How the level came to the player.
    enum Way {
        /// `volume N` on a running idle player.
        case live
        /// Through `Player.send`, as the MPRIS bridge sets its `Volume` (a fraction × 100).
        case mpris
        /// Set on one player, heard on the next (a restart).
        case restored
    }

    /// The loudest sample heard of the flac fixture disc played at `level` reached `way`.
    private func peak(_ level: Int?, _ way: Way, on sink: Sink) async throws -> Int {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.file("snapfifo").path
        if sink == .pipe { #expect(mkfifo(fifo, 0o600) == 0) }
        let output: PlayerHarness.Output = sink == .wav ? .pcm : .snapcast(fifo)
        let wallet = try FixtureWallet.wallet(["flac"])
        if let level, way == .restored {
            let first = try PlayerHarness(wallet: wallet, output: output, directory: directory)
            try await first.player.perform(.volume(.set(level)))
            await first.close(keepFiles: true)
        }
        let harness = try PlayerHarness(wallet: wallet, output: output, directory: directory)
        let reader = sink == .pipe ? try PipeReader(fifo, bytesPerSecond: 400_000) : nil
        if let level {
            switch way {
            case .live:
                try await harness.player.perform(.volume(.set(level)))
            case .mpris:
                let fraction = Double(level) / 100
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    harness.player.send(.volume(.set(Int((fraction * 100).rounded())))) { _ in done.resume() }
                }
            case .restored:
                break
            }
        }
        let started = ContinuousClock.now
        try await harness.player.perform(.play(disc: 1, fromStart: true))
        #expect(await harness.waitFor { $0.contains { if case .discFinished = $0 { true } else { false } } })
        // The pipe still holds the disc's last samples when mpv has written them.
        if reader != nil { try await Task.sleep(for: .milliseconds(800)) }
        await harness.close(keepFiles: true)
        if let reader {
            await reader.stop()
            return reader.loudness(from: started).map(\.peak).max() ?? 0
        }
        let samples = try #require(try WAVFile(contentsOf: directory.file("out.wav")).int16Samples)
        return samples.map { abs(Int($0)) }.max() ?? 0
    }

    @Test(arguments: Sink.allCases) func aLevelRendersTheSamePeakHoweverItWasReached(sink: Sink) async throws
    {
        let full = try await peak(nil, .live, on: sink)
        #expect(full > 1000, "the fixture is a tone")
        // 50 is an eighth of the amplitude on mpv's curve (0.5³), not a half.
        for way in [Way.live, .mpris, .restored] {
            let half = try await peak(50, way, on: sink)
            let ratio = Double(half) / Double(full)
            #expect(ratio > 0.11 && ratio < 0.14, "\(sink), \(way): \(half) of \(full) is \(ratio)")
        }
    }
}
