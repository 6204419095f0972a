import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer

/// The playing disc leaves the wallet (docs/PRODUCT.md §11) through the real engine: it plays
/// on, and `--then next` then goes where the rule says, not to disc 1.
@Suite struct PlayerLeftDiscTests {
    /// Plays disc `position` of flac, mp3, opus, hands the player `remaining`, and runs the
    /// disc to its end; the titles of the discs started after it, and whether the wallet
    /// played through.
    private func play(
        _ position: Int, thenWallets wallets: [[Album]], repeatWallet: Bool = false
    ) async throws -> (next: String?, playedThrough: Bool) {
        let harness = try PlayerHarness(
            wallet: try FixtureWallet.wallet(), endOfDisc: .next, repeatWallet: repeatWallet)
        let playing = try await harness.player.perform(.play(disc: position, fromStart: true))
        let title = try #require(playing.disc?.album.title)
        for formats in wallets {
            harness.player.replaceWallet(Wallet(discs: formats, total: formats.count, capacity: 20))
        }
        #expect(
            await eventually { harness.player.snapshot.wallet.discs.map(\.id) == wallets.last?.map(\.id) })
        #expect(harness.player.snapshot.disc?.position == nil)
        #expect(harness.player.snapshot.disc?.album.title == title)
        try await harness.player.perform(.track(3))
        let length = harness.player.snapshot.duration ?? 4
        try await harness.player.perform(.seek(.absolute(max(0, length - 0.5))))
        #expect(
            await harness.waitFor { events in
                events.contains { if case .discFinished = $0 { true } else { false } }
            })
        #expect(
            await harness.waitFor { events in
                events.contains { event in
                    switch event {
                    case .playbackFinished: return true
                    case .trackChanged(let snapshot): return snapshot.disc?.album.title != title
                    default: return false
                    }
                }
            })
        let next = harness.player.snapshot.state == .playing ? harness.player.snapshot.disc?.album.title : nil
        let through = harness.events.contains(.playbackFinished(walletPlayedThrough: true))
        await harness.close()
        #expect(harness.notices == [])
        return (next, through)
    }

    private static func albums(_ formats: String...) throws -> [Album] {
        try formats.map { try FixtureWallet.album($0) }
    }

    /// The opus tracks as another album, which sorts between mp3 and opus.
    private static func ogg() throws -> Album {
        var album = try FixtureWallet.album("opus")
        album.title = "Gapless ogg"
        album.id = AlbumID(identityKey: "cdwally fixtures\u{1F}gapless ogg")
        return album
    }

    @Test func theDiscThatFollowedItPlaysNext() async throws {
        let result = try await play(2, thenWallets: [try Self.albums("flac", "opus")])
        #expect(result.next == "Gapless opus")
    }

    @Test func aFollowerRemovedTooGivesTheDiscThatNowSortsAfterIt() async throws {
        let flac = try Self.albums("flac")
        let result = try await play(
            2, thenWallets: [flac + (try Self.albums("opus")), flac + [try Self.ogg()]])
        #expect(result.next == "Gapless ogg")
    }

    @Test func theLastDiscRemovedStops() async throws {
        let result = try await play(3, thenWallets: [try Self.albums("flac", "mp3")])
        #expect(result.next == nil)
        #expect(result.playedThrough)
    }

    @Test func theLastDiscRemovedWithRepeatGoesToTheFirst() async throws {
        let result = try await play(3, thenWallets: [try Self.albums("flac", "mp3")], repeatWallet: true)
        #expect(result.next == "Gapless flac")
    }
}
