import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// `track N` through the real engine and libmpv (`ao=null`): it goes by index, as next and
/// previous do, keeps a pause, plays from a stop, and refuses a track the disc lacks.
@Suite struct PlayerTrackTests {
    @Test func goesToTheTrackAndKeepsPlayingOrPaused() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        let playing = try await harness.player.perform(.track(3))
        try await harness.player.perform(.pause)
        let paused = try await harness.player.perform(.track(2))
        await harness.close()
        #expect(playing.trackIndex == 3 && playing.state == .playing)
        #expect(paused.trackIndex == 2 && paused.state == .paused)
        #expect(paused.elapsed < 1)
        #expect(harness.startedTracks.map(\.track).contains(3))
        #expect(harness.notices.isEmpty, "\(harness.notices)")
    }

    @Test func fromAStopItPlaysThatTrackOfTheDisc() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        try await harness.player.perform(.play(disc: 2, fromStart: false))
        try await harness.player.perform(.stop)
        let snapshot = try await harness.player.perform(.track(2))
        await harness.close()
        #expect(snapshot.state == .playing)
        #expect(snapshot.disc?.position == 2)
        #expect(snapshot.trackIndex == 2)
        #expect(snapshot.elapsed < 1)
    }

    @Test func aTrackTheDiscLacksIsRefusedAndNothingMoves() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        try await harness.player.perform(.pause)
        for number in [4, 0, -1] {
            await #expect(
                throws: PlayerError.trackOutOfRange(requested: number, trackCount: 3, album: "Gapless flac")
            ) {
                try await harness.player.perform(.track(number))
            }
        }
        let snapshot = harness.player.snapshot
        await harness.close()
        #expect(snapshot.trackIndex == 1 && snapshot.state == .paused)
        #expect(
            PlayerError.trackOutOfRange(requested: 4, trackCount: 3, album: "Gapless flac").description
                == "there is no track 4 on 'Gapless flac': it has 3 tracks (1–3)")
    }
}
