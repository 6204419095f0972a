import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// The CD-player controls through the real engine and libmpv (`ao=null`, real time). Tests
/// that depend on a position pause first, so a loaded machine cannot move it on. While
/// paused, `ao=null` reports positions up to about 0.2 s off, hence the tolerances.
@Suite struct PlayerControlTests {
    @Test func previousEarlyInATrackGoesToThePreviousTrack() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        try await harness.player.perform(.pause)
        try await harness.player.perform(.next)
        try await harness.player.perform(.seek(.absolute(2)))
        let snapshot = try await harness.player.perform(.previous)
        await harness.close()
        #expect(snapshot.trackIndex == 1)
        #expect(snapshot.elapsed < 1)
        #expect(snapshot.state == .paused)
    }

    @Test func aSeekWhileATrackOpensLandsInItInsteadOfFailing() async throws {
        // mpv refuses to seek between a track's start and its file being open; a seek that
        // comes then (a key pressed as a track changes) is kept and applied to the new track.
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        try await harness.player.perform(.pause)
        for _ in 0..<5 {
            async let moved = harness.player.perform(.previous)
            async let sought = harness.player.perform(.seek(.absolute(0.3)))
            _ = try await (moved, sought)
            async let forward = harness.player.perform(.next)
            async let soughtAgain = harness.player.perform(.seek(.relative(0.2)))
            _ = try await (forward, soughtAgain)
        }
        await harness.close()
        #expect(!harness.events.contains { if case .error = $0 { true } else { false } })
    }

    @Test func aSeekPastTheEndOfATrackIsTheNextTrack() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        try await harness.player.perform(.pause)
        #expect(await eventually { harness.player.snapshot.duration != nil })
        let moved = try await harness.player.perform(.seek(.absolute(100)))
        let stepped = try await harness.player.perform(.seek(.relative(100)))
        await harness.close()
        #expect(moved.trackIndex == 2 && moved.elapsed < 1)
        #expect(stepped.trackIndex == 3 && stepped.elapsed < 1)
    }

    @Test func previousLaterInATrackRestartsIt() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        try await harness.player.perform(.pause)
        try await harness.player.perform(.next)
        try await harness.player.perform(.seek(.absolute(3.6)))
        let snapshot = try await harness.player.perform(.previous)
        await harness.close()
        #expect(snapshot.trackIndex == 2)
        #expect(snapshot.elapsed < 1)
    }

    @Test func previousOnTheFirstTrackRestartsIt() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        try await harness.player.perform(.pause)
        try await harness.player.perform(.seek(.absolute(1)))
        let snapshot = try await harness.player.perform(.previous)
        await harness.close()
        #expect(snapshot.trackIndex == 1)
        #expect(snapshot.elapsed < 0.6)
    }

    @Test func aResumedTrackPlaysFromItsStartWhenComeBackTo() async throws {
        // mpv keeps the `start` option on the resumed entry; the engine must replace it.
        let wallet = try FixtureWallet.wallet()
        let harness = try PlayerHarness(wallet: wallet)
        harness.store.record(
            DiscResume(
                trackIndex: 2, trackPath: wallet.discs[0].tracks[1].path, position: 1, finished: false,
                lastPlayed: Date()),
            for: wallet.discs[0].id)
        await harness.close(keepFiles: true)

        let second = try PlayerHarness(wallet: wallet, directory: harness.directory)
        let resumed = try await second.player.perform(.play(disc: 1, fromStart: false))
        try await second.player.perform(.pause)
        // 1 s in (2 s of margin before the 3-second rule, for a slow machine): back to track 1.
        try await second.player.perform(.previous)
        try await second.player.perform(.next)
        let snapshot = second.player.snapshot
        await second.close()
        #expect(resumed.trackIndex == 2 && resumed.elapsed >= 0.9)
        #expect(snapshot.trackIndex == 2)
        #expect(snapshot.elapsed < 1)
    }

    @Test func nextOnTheLastTrackEndsTheDisc() async throws {
        let wallet = try FixtureWallet.wallet()
        let harness = try PlayerHarness(wallet: wallet)
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        try await harness.player.perform(.next)
        try await harness.player.perform(.next)
        let snapshot = try await harness.player.perform(.next)
        await harness.close(keepFiles: true)
        defer { harness.directory.remove() }
        #expect(snapshot.state == .stopped)
        #expect(snapshot.trackIndex == 1)
        #expect(harness.finishedDiscs == ["Gapless flac"])
        #expect(
            ResumeStore(directory: harness.stateDirectory).resume(for: wallet.discs[0].id)?.finished == true)
    }

    @Test func pauseResumeToggleAndStopChangeTheState() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        let player = harness.player
        #expect(player.snapshot.state == .idle)
        #expect(try await player.perform(.toggle).state == .playing)
        #expect(player.snapshot.disc?.position == 1)
        #expect(try await player.perform(.pause).state == .paused)
        let pausedAt = player.snapshot.elapsed
        // Paused, time stands still: 1.5 s of waiting would show as 1.5 s of progress; the
        // margin allows for a position update still in flight on a loaded machine.
        try await Task.sleep(for: .milliseconds(1500))
        #expect(abs(player.snapshot.elapsed - pausedAt) < 0.5)
        #expect(try await player.perform(.toggle).state == .playing)
        #expect(try await player.perform(.toggle).state == .paused)
        #expect(try await player.perform(.resume).state == .playing)
        #expect(try await player.perform(.stop).state == .stopped)
        #expect(try await player.perform(.pause).state == .stopped)
        #expect(try await player.perform(.resume).state == .playing)
        await harness.close()
        #expect(harness.notices == [])
    }

    @Test func seekingReportsWhereItLanded() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        try await harness.player.perform(.pause)
        let absolute = try await harness.player.perform(.seek(.absolute(2)))
        let relative = try await harness.player.perform(.seek(.relative(-1.5)))
        #expect(await harness.waitFor { $0.filter(isSeeked).count >= 2 })
        await harness.close()
        // Each paused seek may be reported up to ~0.2 s off, so two of them up to ~0.4 s.
        #expect(abs(absolute.elapsed - 2) < 0.3)
        #expect(abs(relative.elapsed - 0.5) < 0.5)
    }

    @Test func refusesADiscOutsideTheWallet() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        await #expect(throws: PlayerError.discOutOfRange(requested: 4, walletSize: 3)) {
            try await harness.player.perform(.play(disc: 4, fromStart: false))
        }
        await #expect(throws: PlayerError.discOutOfRange(requested: 0, walletSize: 3)) {
            try await harness.player.perform(.play(disc: 0, fromStart: false))
        }
        #expect(harness.player.snapshot.state == .idle)
        await harness.close()
        #expect(
            PlayerError.discOutOfRange(requested: 4, walletSize: 3).description
                == "there is no disc 4: the wallet holds 3 discs (1–3)")
    }

    @Test func nextAndPreviousDiscWrapAround() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        let player = harness.player
        #expect(try await player.perform(.previousDisc).disc?.position == 3)
        #expect(try await player.perform(.nextDisc).disc?.position == 1)
        #expect(try await player.perform(.nextDisc).disc?.position == 2)
        #expect(try await player.perform(.previousDisc).disc?.position == 1)
        await harness.close()
    }

    @Test func randomDiscAvoidsTheOneJustPlayed() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet(["flac", "mp3"]))
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        #expect(try await harness.player.perform(.randomDisc).disc?.position == 2)
        #expect(try await harness.player.perform(.randomDisc).disc?.position == 1)
        await harness.close()
    }

    @Test func aNewWalletKeepsTheDiscPlayingAndRenumbersIt() async throws {
        let wallet = try FixtureWallet.wallet()
        let harness = try PlayerHarness(wallet: wallet)
        try await harness.player.perform(.play(disc: 2, fromStart: false))
        try await harness.player.perform(.next)
        let reordered = Wallet(discs: [wallet.discs[2], wallet.discs[1]], total: 2, capacity: 20)
        func replaced(by wallet: Wallet) async throws -> PlayerSnapshot {
            try await withCheckedContinuation { continuation in
                harness.player.replaceWallet(wallet) { continuation.resume(returning: $0) }
            }.get()
        }
        let moved = try await replaced(by: reordered)
        let dropped = try await replaced(by: Wallet(discs: [wallet.discs[0]], total: 1, capacity: 20))
        let next = try await harness.player.perform(.nextDisc)
        await harness.close()

        #expect(moved.state == .playing)
        #expect(moved.disc?.album.id == wallet.discs[1].id)
        #expect(moved.disc?.position == 2)
        #expect(moved.trackIndex == 2)
        #expect(moved.wallet == reordered)
        #expect(dropped.state == .playing)
        #expect(dropped.disc?.position == nil)
        #expect(next.disc?.album.id == wallet.discs[0].id)
    }

    @Test func everySubscriberSeesTheEventsAndStreamsEndAtShutdown() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        let other = harness.player.events()
        let collected = Task {
            var changes = 0
            for await event in other { if case .trackChanged = event { changes += 1 } }
            return changes
        }
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        try await harness.player.perform(.next)
        await harness.close()
        #expect(await collected.value == 2)
        #expect(harness.startedTracks.count == 2)
        #expect(
            harness.events.contains { if case .snapshotChanged = $0 { return true } else { return false } })
    }

    @Test func commandsAfterShutdownAreRefused() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        await harness.player.shutdown()
        #expect(harness.player.snapshot.state == .stopped)
        await #expect(throws: PlayerError.shutDown) { try await harness.player.perform(.pause) }
        await harness.close()
    }
}

func isSeeked(_ event: PlayerEvent) -> Bool {
    if case .seeked = event { return true }
    return false
}
