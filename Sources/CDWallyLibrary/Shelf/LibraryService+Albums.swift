import CDWallyCore
import CDWallySystem

/// The whole library, album by album (docs/PRODUCT.md §10): what `cdwally albums` lists and the
/// web's Library shows, answered from the index's album summary as the index stands.
extension LibraryService {
    /// The albums whose fields hold every word, in wallet order: `limit` of them from
    /// `offset`, and how many match in all.
    public func albums(matching words: [String], offset: Int = 0, limit: Int? = nil) throws(LibraryError)
        -> (total: Int, albums: [AlbumSummary])
    {
        try index.shelf(matching: AlbumSummary.filterWords(words), offset: offset, limit: limit)
    }

    /// Writes the album summary now if the index changed since it was written, so that the next
    /// listing answers at once: the player does it after its background index.
    public func prepareAlbumSummary() throws(LibraryError) {
        try index.refreshShelf()
    }

    /// True until the whole tree has been indexed once: a listing then scans first.
    public func neverScanned() throws(LibraryError) -> Bool {
        try index.statistics().lastFullScan == nil
    }

    /// The one album `query` names. A path inside the library names its album whether the
    /// index has seen it or not (its folder is indexed first), and words that match nothing are
    /// asked again once the index is up to date: a CD ripped a moment ago (docs/PRODUCT.md §11).
    public func album(_ query: AlbumQuery) throws -> AlbumSummary {
        var found: [AlbumSummary]
        switch query {
        case .id(let id):
            guard let album = try index.shelfAlbum(id: id) else { throw WalletChangeError.unknownID(id) }
            return album
        case .path(let path):
            guard path.isInside(root) else { throw WalletChangeError.pathOutsideLibrary(path, root: root) }
            if let status = FileStatus.of(path) {
                _ = try updater.refresh(tree: status.kind == .directory ? path : path.parent)
            }
            found = try index.shelfAlbums(holding: path)
            if found.isEmpty { throw WalletChangeError.noAlbumAt(path) }
        case .words(let words):
            found = try albums(matching: words, limit: 50).albums
            if found.isEmpty {
                _ = try scan()
                found = try albums(matching: words, limit: 50).albums
            }
            if found.isEmpty { throw WalletChangeError.noAlbumMatches(query.written) }
        }
        if found.count == 1, let album = found.first { return album }
        // Several match: the one that every word names outright ("band 2" among "band 12").
        if case .words(let words) = query {
            let folded = AlbumSummary.filterWords(words)
            let whole = found.filter { $0.matchesWholly(folded) }
            if whole.count == 1, let album = whole.first { return album }
        }
        throw WalletChangeError.ambiguous(query.written, found)
    }

    /// Where each album stands against the wallet: its disc number when it is a disc shown,
    /// the disc it would merge into as an edition of it, or hidden when the playlist holds it
    /// past the capacity. `wallet` is the playlist's whole wallet (built with no capacity), or
    /// the shown one when nothing is hidden.
    public static func places(of albums: [AlbumSummary], in wallet: Wallet, capacity: Int = 0)
        -> [AlbumID: WalletPlace]
    {
        var places: [AlbumID: WalletPlace] = [:]
        let lookup = WalletBuilder.DiscLookup(wallet.discs)
        for album in albums {
            guard let disc = lookup.disc(for: album.standIn),
                let position = wallet.position(of: disc.id)
            else { continue }
            if capacity > 0 && position > capacity {
                places[album.id] = .hidden
            } else {
                places[album.id] = disc.id == album.id ? .disc(position) : .editionOf(position)
            }
        }
        return places
    }
}

/// An album's place in the wallet, for a listing.
public enum WalletPlace: Sendable, Equatable {
    /// It is disc N.
    case disc(Int)
    /// It is an edition of disc N, and adding it would change nothing.
    case editionOf(Int)
    /// The playlist holds it (or an edition of it) past the capacity: not shown, yet in the
    /// wallet's playlist, so `remove` takes it out and `add` changes nothing.
    case hidden

    public var disc: Int? {
        if case .disc(let position) = self { position } else { nil }
    }
    public var mergesInto: Int? {
        if case .editionOf(let position) = self { position } else { nil }
    }
    public var isHidden: Bool { self == .hidden }
}
