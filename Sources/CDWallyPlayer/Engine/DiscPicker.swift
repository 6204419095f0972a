import CDWallyCore
import Foundation

/// Chooses the disc for `nextDisc`, `previousDisc`, `randomDisc` and the end-of-disc
/// actions. Pure functions of the wallet and the play history; positions are 1-based.
enum DiscPicker {
    /// The disc after `position`, wrapping to 1; disc 1 when nothing is current.
    static func next(after position: Int?, count: Int) -> Int? {
        guard count > 0 else { return nil }
        guard let position else { return 1 }
        return position >= count ? 1 : position + 1
    }

    /// The disc before `position`, wrapping to the last; the last when nothing is current.
    static func previous(before position: Int?, count: Int) -> Int? {
        guard count > 0 else { return nil }
        guard let position, position > 1, position <= count else { return count }
        return position - 1
    }

    /// How many of the most recently played discs a random pick avoids: about half the
    /// wallet, at most 10, so a small wallet still leaves a choice.
    static func recentLimit(walletSize: Int) -> Int {
        min(10, walletSize / 2)
    }

    /// A disc left unplayed this many days weighs as much as one never played.
    static let fullWeightDays = 60

    /// How likely a random pick takes a disc, relative to the others: one more than the whole
    /// days since it was last played, at most `fullWeightDays + 1`, which a disc never played
    /// also weighs. A disc not played for two months is as likely as a new one, and some thirty
    /// times as likely as one played yesterday.
    static func weight(lastPlayed: Date?, now: Date) -> Int {
        guard let lastPlayed else { return fullWeightDays + 1 }
        let days = Int(max(0, now.timeIntervalSince(lastPlayed)) / 86_400)
        return 1 + min(days, fullWeightDays)
    }

    /// A disc "not played lately": never the current one nor one of the others played most
    /// recently (`recentLimit`), and among the rest, drawn by `weight`. When that rules out every
    /// disc, any disc but the current one (the only disc, if one). A stamp ahead of `now` (a
    /// clock that ran ahead) is no date, never recent (`ListeningHistory.dated(asOf:)`).
    static func random(
        in wallet: Wallet, current: AlbumID?, lastPlayed stamped: [AlbumID: Date], now: Date = Date(),
        using generator: inout some RandomNumberGenerator
    ) -> Int? {
        let lastPlayed = stamped.filter { $0.value <= now }
        let count = wallet.discs.count
        guard count > 0 else { return nil }
        let recent = Set(
            wallet.discs.filter { $0.id != current }
                .compactMap { disc in lastPlayed[disc.id].map { (disc.id, $0) } }
                .sorted { $0.1 > $1.1 }
                .prefix(recentLimit(walletSize: count))
                .map(\.0))
        let positions = Array(1...count)
        let fresh = positions.filter {
            !recent.contains(wallet.discs[$0 - 1].id) && wallet.discs[$0 - 1].id != current
        }
        let weights = fresh.map { weight(lastPlayed: lastPlayed[wallet.discs[$0 - 1].id], now: now) }
        if let pick = drawn(fresh, weights: weights, using: &generator) { return pick }
        let notCurrent = positions.filter { wallet.discs[$0 - 1].id != current }
        return notCurrent.randomElement(using: &generator) ?? 1
    }

    /// One of `items`, each as likely as its weight; nil when there are none.
    private static func drawn(
        _ items: [Int], weights: [Int], using generator: inout some RandomNumberGenerator
    ) -> Int? {
        let total = weights.reduce(0, +)
        guard total > 0 else { return nil }
        var ticket = Int.random(in: 0..<total, using: &generator)
        for (item, weight) in zip(items, weights) {
            if ticket < weight { return item }
            ticket -= weight
        }
        return items.last
    }
}
