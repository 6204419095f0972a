/// Turns the albums the playlist's entries resolved to into a wallet (docs/PRODUCT.md §2, §4, §8):
/// the first occurrence of an album counts; an edition ("X (Deluxe)", "X [Remastered]") by
/// the same album artist merges into the first occurrence of its base title, unless the two
/// are different recordings; the discs are sorted into wallet order and cut to capacity.
public enum WalletBuilder {
    public struct Result: Sendable {
        public var wallet: Wallet
        /// Indices of the picks that added no new disc (repeats and editions).
        public var mergedPicks: [Int]
        /// The disc each picked album became: itself, or the disc an edition merged into.
        public var discOf: [AlbumID: AlbumID] = [:]
    }

    /// - Parameter picks: per resolved playlist entry, in playlist order, the albums it
    ///   means (one for a track, several for a directory entry).
    /// - Parameter capacity: the most discs shown; 0 for no limit.
    public static func build(picks: [[Album]], capacity: Int) -> Result {
        // A pick whose albums all stood in earlier picks adds no disc; leaving it out first
        // spares the work below for a whole-library export, which names each album a dozen
        // times or more.
        var repeated: [Int] = []
        var positions: [Int] = []
        var distinct: [[Album]] = []
        var listed: Set<AlbumID> = []
        for (index, albums) in picks.enumerated() {
            let ids = albums.map(\.id)
            if ids.allSatisfy(listed.contains) {
                repeated.append(index)
                continue
            }
            listed.formUnion(ids)
            positions.append(index)
            distinct.append(albums)
        }
        var result = buildDistinct(picks: distinct, capacity: capacity)
        result.mergedPicks = (repeated + result.mergedPicks.map { positions[$0] }).sorted()
        return result
    }

    private static func buildDistinct(picks: [[Album]], capacity: Int) -> Result {
        let listedBases = Set(
            picks.joined().filter { !EditionTitle.hasEditionSuffix($0.title) }.map(baseKey))
        var seenIDs: Set<AlbumID> = []
        // Base title key → the albums already in the wallet under it.
        var chosenByBase: [String: [Album]] = [:]
        var chosen: [Album] = []
        var merged: [Int] = []
        var discOf: [AlbumID: AlbumID] = [:]
        for (index, albums) in picks.enumerated() {
            var addedAny = false
            for album in albums where !seenIDs.contains(album.id) {
                seenIDs.insert(album.id)
                let base = baseKey(album)
                let baseIsListed = listedBases.contains(base)
                if let disc = chosenByBase[base, default: []].first(where: {
                    EditionTitle.areEditions($0, album, baseIsListed: baseIsListed)
                }) {
                    discOf[album.id] = disc.id
                    continue
                }
                discOf[album.id] = album.id
                chosenByBase[base, default: []].append(album)
                chosen.append(album)
                addedAny = true
            }
            if !addedAny { merged.append(index) }
        }
        let sorted = WalletOrder.sorted(chosen)
        let shown = capacity > 0 ? Array(sorted.prefix(capacity)) : sorted
        return Result(
            wallet: Wallet(discs: shown, total: sorted.count, capacity: capacity),
            mergedPicks: merged, discOf: discOf)
    }

    /// The disc of `discs` (a wallet's, in playlist or wallet order) that `album` would be,
    /// were it added: itself, or the disc it is an edition of; nil when it would be a new disc.
    /// The rules are `build`'s. To ask of many albums, make a `DiscLookup` once.
    public static func disc(for album: Album, among discs: [Album]) -> Album? {
        DiscLookup(discs).disc(for: album)
    }

    /// A wallet's discs, each with its base key worked out once, for asking which disc each of
    /// many albums would be (the library view asks it of every album of the library).
    public struct DiscLookup: Sendable {
        private let discs: [Album]
        private let positions: [AlbumID: Int]
        /// Base key → the discs under it, and whether one of them has no edition suffix.
        private let bases: [String: (discs: [Album], plainListed: Bool)]

        public init(_ discs: [Album]) {
            self.discs = discs
            positions = Dictionary(discs.enumerated().map { ($1.id, $0) }) { first, _ in first }
            var bases: [String: (discs: [Album], plainListed: Bool)] = [:]
            for disc in discs {
                let key = WalletBuilder.baseKey(disc)
                bases[key, default: ([], false)].discs.append(disc)
                if !EditionTitle.hasEditionSuffix(disc.title) { bases[key]?.plainListed = true }
            }
            self.bases = bases
        }

        public func disc(for album: Album) -> Album? {
            if let position = positions[album.id] { return discs[position] }
            let base = WalletBuilder.baseKey(album)
            guard let under = bases[base] else { return nil }
            let baseIsListed = under.plainListed || !EditionTitle.hasEditionSuffix(album.title)
            return under.discs.first { EditionTitle.areEditions($0, album, baseIsListed: baseIsListed) }
        }
    }

    /// Album artist and base title, folded: editions share it.
    fileprivate static func baseKey(_ album: Album) -> String {
        TextKey.folded(album.albumArtist) + "\u{1F}" + TextKey.folded(EditionTitle.base(of: album.title))
    }
}
