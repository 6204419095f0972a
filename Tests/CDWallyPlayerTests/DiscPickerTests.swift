import CDWallyCore
import Foundation
import Testing

@testable import CDWallyPlayer

/// The disc-choosing rules, as pure logic.
@Suite struct DiscPickerTests {
    private func wallet(_ count: Int) -> Wallet {
        let discs = (1...count).map { number in
            Album(
                id: AlbumID(identityKey: "disc \(number)"), albumArtist: "a", title: "\(number)", tracks: [],
                directories: [])
        }
        return Wallet(discs: discs, total: count, capacity: 0)
    }

    @Test func nextAndPreviousWrap() {
        #expect(DiscPicker.next(after: 3, count: 3) == 1)
        #expect(DiscPicker.next(after: 1, count: 3) == 2)
        #expect(DiscPicker.next(after: nil, count: 3) == 1)
        #expect(DiscPicker.previous(before: 1, count: 3) == 3)
        #expect(DiscPicker.previous(before: 3, count: 3) == 2)
        #expect(DiscPicker.previous(before: nil, count: 3) == 3)
        #expect(DiscPicker.next(after: 1, count: 0) == nil)
    }

    @Test func recentLimitIsHalfTheWalletAtMostTen() {
        #expect(DiscPicker.recentLimit(walletSize: 1) == 0)
        #expect(DiscPicker.recentLimit(walletSize: 7) == 3)
        #expect(DiscPicker.recentLimit(walletSize: 40) == 10)
    }

    @Test func randomAvoidsTheCurrentAndRecentlyPlayedDiscs() {
        let wallet = wallet(8)
        let now = Date()
        // Discs 1–5 played, 5 most recently; the 4 most recent (2–5) and the current (1) are out.
        var history: [AlbumID: Date] = [:]
        for number in 1...5 { history[wallet.discs[number - 1].id] = now.addingTimeInterval(Double(number)) }
        var generator = SystemRandomNumberGenerator()
        var picks = Set<Int>()
        for _ in 0..<200 {
            let pick = DiscPicker.random(
                in: wallet, current: wallet.discs[0].id, lastPlayed: history, using: &generator)
            picks.insert(pick ?? 0)
        }
        #expect(picks == [6, 7, 8])
    }

    @Test func randomStillChoosesWhenEverythingWasPlayedLately() {
        var generator = SystemRandomNumberGenerator()
        let two = wallet(2)
        let history = [two.discs[0].id: Date(), two.discs[1].id: Date().addingTimeInterval(-60)]
        #expect(
            DiscPicker.random(in: two, current: two.discs[0].id, lastPlayed: history, using: &generator) == 2)
        let one = wallet(1)
        #expect(DiscPicker.random(in: one, current: one.discs[0].id, lastPlayed: [:], using: &generator) == 1)
        #expect(DiscPicker.random(in: wallet(1), current: nil, lastPlayed: [:], using: &generator) == 1)
    }
}
