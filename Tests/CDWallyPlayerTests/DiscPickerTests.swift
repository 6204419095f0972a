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
        for number in 1...5 {
            history[wallet.discs[number - 1].id] = now.addingTimeInterval(Double(number - 6))
        }
        var generator = SystemRandomNumberGenerator()
        var picks = Set<Int>()
        for _ in 0..<200 {
            let pick = DiscPicker.random(
                in: wallet, current: wallet.discs[0].id, lastPlayed: history, now: now, using: &generator)
            picks.insert(pick ?? 0)
        }
        #expect(picks == [6, 7, 8])
    }

    /// Disc 3 was stamped while the clock ran ahead: it is not among the recent ones, and a disc
    /// played truly lately is; read once the clock caught up, it is the most recent again.
    @Test func aStampAheadOfTheClockIsNeverRecent() {
        let wallet = wallet(4)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        // Two recent discs at most (half of 4); disc 1 is on.
        let history = [
            wallet.discs[1].id: now.addingTimeInterval(-3600),
            wallet.discs[2].id: now.addingTimeInterval(86_400 * 49),
            wallet.discs[3].id: now.addingTimeInterval(-7200),
        ]
        var generator = SystemRandomNumberGenerator()
        var picks = Set<Int>()
        for _ in 0..<200 {
            picks.insert(
                DiscPicker.random(
                    in: wallet, current: wallet.discs[0].id, lastPlayed: history, now: now, using: &generator)
                    ?? 0)
        }
        #expect(picks == [3])
        let later = now.addingTimeInterval(86_400 * 50)
        #expect(
            DiscPicker.random(
                in: wallet, current: wallet.discs[0].id, lastPlayed: history, now: later, using: &generator)
                != 3)
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

/// The weighting of "random, not lately", as pure logic with a seeded generator.
@Suite struct RandomWeightTests {
    /// A small, seeded generator (SplitMix64), so that the counts below are the same every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func daysAgo(_ days: Double) -> Date { now.addingTimeInterval(-days * 86_400) }

    @Test func weightIsOnePlusDaysUnplayedUpToTwoMonthsAndNeverPlayedWeighsMost() {
        #expect(DiscPicker.weight(lastPlayed: now, now: now) == 1)
        #expect(DiscPicker.weight(lastPlayed: daysAgo(1.5), now: now) == 2)
        #expect(DiscPicker.weight(lastPlayed: daysAgo(30), now: now) == 31)
        #expect(DiscPicker.weight(lastPlayed: daysAgo(60), now: now) == 61)
        #expect(DiscPicker.weight(lastPlayed: daysAgo(400), now: now) == 61)
        #expect(DiscPicker.weight(lastPlayed: nil, now: now) == 61)
        // A clock set back never makes a weight below one.
        #expect(DiscPicker.weight(lastPlayed: now.addingTimeInterval(3600), now: now) == 1)
    }

    @Test func picksFollowTheWeights() {
        let discs = (1...20).map { number in
            Album(
                id: AlbumID(identityKey: "disc \(number)"), albumArtist: "a", title: "\(number)", tracks: [],
                directories: [])
        }
        let wallet = Wallet(discs: discs, total: 20, capacity: 0)
        // Discs 1–10 played in the last hours (the last ten: never picked); 11 a day ago
        // (weight 2), 12 thirty days ago (31), 13 a year ago (61); 14–20 never (61 each).
        var history: [AlbumID: Date] = [:]
        for number in 1...10 { history[discs[number - 1].id] = now.addingTimeInterval(-Double(number) * 600) }
        history[discs[10].id] = daysAgo(1)
        history[discs[11].id] = daysAgo(30)
        history[discs[12].id] = daysAgo(365)
        var generator = SeededGenerator(state: 27)
        var counts = [Int: Int]()
        let draws = 40_000
        for _ in 0..<draws {
            let pick = DiscPicker.random(
                in: wallet, current: nil, lastPlayed: history, now: now, using: &generator)
            counts[pick ?? 0, default: 0] += 1
        }
        #expect(counts.keys.allSatisfy { $0 >= 11 })
        let total = 2 + 31 + 61 * 8
        func share(_ position: Int) -> Double { Double(counts[position] ?? 0) / Double(draws) }
        #expect(abs(share(11) - 2.0 / Double(total)) < 0.003)
        #expect(abs(share(12) - 31.0 / Double(total)) < 0.01)
        #expect(abs(share(13) - 61.0 / Double(total)) < 0.01)
        #expect(abs(share(20) - 61.0 / Double(total)) < 0.01)
    }
}
