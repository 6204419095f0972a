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

    /// A random disc that is not the current one and not among the most recently played;
    /// when that rules out every disc, any disc but the current one (the only disc, if one).
    static func random(
        in wallet: Wallet, current: AlbumID?, lastPlayed: [AlbumID: Date],
        using generator: inout some RandomNumberGenerator
    ) -> Int? {
        let count = wallet.discs.count
        guard count > 0 else { return nil }
        let recent = Set(
            wallet.discs.compactMap { disc in lastPlayed[disc.id].map { (disc.id, $0) } }
                .sorted { $0.1 > $1.1 }
                .prefix(recentLimit(walletSize: count))
                .map(\.0))
        let positions = Array(1...count)
        let fresh = positions.filter {
            !recent.contains(wallet.discs[$0 - 1].id) && wallet.discs[$0 - 1].id != current
        }
        if let pick = fresh.randomElement(using: &generator) { return pick }
        let notCurrent = positions.filter { wallet.discs[$0 - 1].id != current }
        return notCurrent.randomElement(using: &generator) ?? 1
    }
}
