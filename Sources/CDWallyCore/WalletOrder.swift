import Foundation

/// The order of discs in the wallet (docs/PRODUCT.md §4): artist sort key (ALBUMARTISTSORT, else
/// the album artist; folded; a leading article ignored), then release date ascending with
/// undated albums last, then title, then id, so the same playlist always gives the same order.
public enum WalletOrder {
    public static func areInIncreasingOrder(_ lhs: Album, _ rhs: Album) -> Bool {
        key(lhs) < key(rhs)
    }

    /// The fields compared, in order. Kept as one value so sorting computes it once per album.
    public struct Key: Comparable, Sendable {
        let artist: String
        let undated: Bool
        let date: String
        let title: String
        let id: AlbumID

        public static func < (lhs: Key, rhs: Key) -> Bool {
            if lhs.artist != rhs.artist { return lhs.artist < rhs.artist }
            if lhs.undated != rhs.undated { return !lhs.undated }
            if lhs.date != rhs.date { return lhs.date < rhs.date }
            if lhs.title != rhs.title { return lhs.title < rhs.title }
            return lhs.id < rhs.id
        }
    }

    public static func key(_ album: Album) -> Key {
        let date = sortableDate(album)
        return Key(
            artist: TextKey.artistSort(album.albumArtistSort ?? album.albumArtist),
            undated: date == nil,
            date: date ?? "",
            title: TextKey.folded(album.title),
            id: album.id)
    }

    public static func sorted(_ albums: [Album]) -> [Album] {
        albums.map { (key($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// An ISO-style date as tagged ("1983-05-01" sorts after "1983"), else the year alone.
    private static func sortableDate(_ album: Album) -> String? {
        if let date = album.date?.trimmingCharacters(in: .whitespaces), date.prefix(4).allSatisfy(\.isNumber),
            date.count >= 4
        {
            return date
        }
        return album.year.map { String($0) }
    }
}
