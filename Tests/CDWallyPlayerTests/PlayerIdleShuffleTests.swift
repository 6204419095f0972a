import CDWallyCore
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// `shuffle` applies to the disc loaded (docs/PRODUCT.md §11): with none it is refused, and
/// the disc started next plays in its album's order. Every door (keys, terminal, socket, web,
/// MPRIS) reaches this one refusal.
@Suite struct PlayerIdleShuffleTests {
    @Test func shuffleWithNoDiscIsRefusedAndTheNextDiscPlaysInOrder() async throws {
        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet())
        for wanted in [true, false, nil] as [Bool?] {
            await #expect(throws: PlayerError.noDiscToShuffle) {
                try await harness.player.perform(.shuffle(wanted))
            }
        }
        #expect(harness.player.snapshot.shuffle == false)
        #expect(PlayerError.noDiscToShuffle.kind == .outOfRange)
        let playing = try await harness.player.perform(.play(disc: 2, fromStart: true))
        #expect(!playing.shuffle)
        // A disc stopped is still loaded: shuffle applies when it plays again.
        try await harness.player.perform(.stop)
        #expect(try await harness.player.perform(.shuffle(true)).shuffle)
        await harness.close()
    }
}
