/// Turns the albums the playlist's entries resolved to into a wallet (docs/PRODUCT.md §2, §4, §8):
/// the first occurrence of an album counts; an edition ("X (Deluxe)", "X [Remastered]") by
/// the same album artist merges into the first occurrence of its base title; the discs are
/// sorted into wallet order and cut to capacity.
public enum WalletBuilder {
    public struct Result: Sendable {
        public var wallet: Wallet
        /// Indices of the picks that added no new disc (repeats and editions).
        public var mergedPicks: [Int]
    }

    /// - Parameter picks: per resolved playlist entry, in playlist order, the albums it
    ///   means (one for a track, several for a directory entry).
    /// - Parameter capacity: the most discs shown; 0 for no limit.
    public static func build(picks: [[Album]], capacity: Int) -> Result {
        var seenIDs: Set<AlbumID> = []
        // Base title key → the folded full titles already in the wallet under it.
        var titlesByBase: [String: Set<String>] = [:]
        var chosen: [Album] = []
        var merged: [Int] = []
        for (index, albums) in picks.enumerated() {
            var addedAny = false
            for album in albums where !seenIDs.contains(album.id) {
                seenIDs.insert(album.id)
                let artist = TextKey.folded(album.albumArtist)
                let base = artist + "\u{1F}" + TextKey.folded(EditionTitle.base(of: album.title))
                let title = TextKey.folded(album.title)
                // Same base title but a different full title means one is an edition of the
                // other; the same full title with another id is a namesake (Weezer) and stays.
                if let titles = titlesByBase[base], titles.contains(where: { $0 != title }) {
                    continue
                }
                titlesByBase[base, default: []].insert(title)
                chosen.append(album)
                addedAny = true
            }
            if !addedAny { merged.append(index) }
        }
        let sorted = WalletOrder.sorted(chosen)
        let shown = capacity > 0 ? Array(sorted.prefix(capacity)) : sorted
        return Result(
            wallet: Wallet(discs: shown, total: sorted.count, capacity: capacity),
            mergedPicks: merged)
    }
}
