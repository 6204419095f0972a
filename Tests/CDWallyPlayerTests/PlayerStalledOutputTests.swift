import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// A player whose output takes no audio: real libmpv writing into a named pipe that nobody
/// reads. mpv's core waits inside the output; the player must not.
@Suite struct PlayerStalledOutputTests {
    /// One disc of two 40 s silent tracks: mpv's decoder, which runs ahead of a stalled
    /// output, stays inside the first.
    static func longWallet() -> Wallet {
        let path = RawPath(TestLibrary.fixtures + "/long.flac")
        let tracks = (1...2).map { (number: Int) in
            AlbumTrack(
                path: path, disc: 1, track: number, title: "Silence \(number)", artist: "Quiet", duration: 40)
        }
        let album = Album(
            id: AlbumID(identityKey: "quiet\u{1F}long"), albumArtist: "Quiet", title: "Long", tracks: tracks,
            directories: [path.parent])
        return Wallet(discs: [album], total: 1, capacity: 20)
    }

    @Test func aPipeNobodyReadsLeavesThePlayerAnsweringAndItShutsDownWithThePlaceSaved() async throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let wallet = Self.longWallet()
        let harness = try PlayerHarness(wallet: wallet, output: .pipe(fifo), directory: directory)

        // A listener hears the start, then hangs with the pipe open. Only what was heard is
        // saved (docs/PRODUCT.md §10), and whether mpv's first samples fit into a pipe nobody
        // ever read differs between mpv versions: so something is heard first, for certain.
        let reader = try PipeReader(fifo, bytesPerSecond: 400_000)
        let played = try await harness.player.perform(.play(disc: 1, fromStart: true))
        #expect(played.state == .playing)
        #expect(await eventually { harness.player.snapshot.elapsed > 0.5 })
        reader.hold()
        #expect(await eventually { harness.player.snapshot.waitingForOutput })
        #expect(harness.player.snapshot.state == .playing)
        #expect(harness.player.snapshot.outputHoldsPlayer)
        await #expect(throws: PlayerError.outputStalled) { try await harness.player.perform(.pause) }
        await #expect(throws: PlayerError.outputStalled) { try await harness.player.perform(.next) }
        let sleeping = try await harness.player.perform(.sleep(.endOfDisc))
        #expect(sleeping.sleep == .endOfDisc)

        // Shutdown does not wait for a core its output holds (generous: a loaded machine).
        let started = ContinuousClock.now
        await harness.close(keepFiles: true)
        #expect(ContinuousClock.now - started < .seconds(20))
        let saved = ResumeStore(directory: harness.stateDirectory)
        #expect(saved.resumePoint(for: wallet.discs[0])?.track == 1)
        #expect(saved.lastDisc == wallet.discs[0].id)
        await reader.stop()
        directory.remove()
    }

    @Test func stopWorksWhileWaitingAndHoldsWhenTheOutputComesBack() async throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let harness = try PlayerHarness(wallet: Self.longWallet(), output: .pipe(fifo), directory: directory)
        _ = try await harness.player.perform(.play(disc: 1, fromStart: true))
        #expect(await eventually { harness.player.snapshot.waitingForOutput })
        #expect(try await harness.player.perform(.stop).state == .stopped)

        // A reader comes: the core answers again and mpv is stopped, as the player says.
        // It reads fast: mpv's stop waits for its last write to go through.
        let reader = try PipeReader(fifo, bytesPerSecond: 400_000)
        #expect(await eventually { !harness.player.snapshot.waitingForOutput })
        #expect(harness.player.snapshot.state == .stopped)
        #expect(try await harness.player.perform(.play(disc: 1, fromStart: false)).state == .playing)
        #expect(await eventually { harness.player.snapshot.elapsed > 0.5 })
        await reader.stop()
        await harness.close()
    }

    /// A device that took the first samples and no more while mpv's core answers every
    /// request: real libmpv on a null output at speed 0. Nothing in mpv says so; the place
    /// stands still. The player shows itself waiting (while the commands still work) and opens
    /// the output again, until the device plays: then the music moves on by itself.
    @Test func aDeviceThatTakesNoMoreIsOpenedAgainUntilTheMusicMoves() async throws {
        let harness = try PlayerHarness(wallet: Self.longWallet(), output: .stuckNull)
        #expect(try await harness.player.perform(.play(disc: 1, fromStart: true)).state == .playing)
        #expect(await eventually { harness.player.snapshot.waitingForOutput })
        #expect(harness.player.snapshot.state == .playing)
        #expect(!harness.player.snapshot.outputHoldsPlayer)
        let stoodAt = harness.player.snapshot.elapsed
        #expect(try await harness.player.perform(.volume(.set(40))).volume == 40)

        // The device takes audio again from its next opening on: the player opens it again
        // by itself (setting the option does not reopen the output).
        _ = try await harness.player.mpv.perform(.set("ao-null-speed", .double(1)))
        #expect(await eventually { !harness.player.snapshot.waitingForOutput })
        #expect(await eventually { harness.player.snapshot.elapsed > stoodAt + 1 })
        #expect(harness.player.snapshot.state == .playing)
        await harness.close()
    }
}
