import Foundation

/// The order of discs in the wallet (docs/PRODUCT.md §4): artist sort key (ALBUMARTISTSORT, else
/// the album artist; one per album artist; folded; a leading article ignored), then release
/// date ascending with undated albums last, then title, then id, so the same playlist always
/// gives the same order.
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

    /// The albums in wallet order. One album artist has one sort key: the sort tag of any of
    /// its albums that carries one (the least when they differ), so an artist's albums stay
    /// together even when only some are tagged.
    public static func sorted(_ albums: [Album]) -> [Album] {
        var sortTags: [String: String] = [:]
        for album in albums {
            guard let tag = album.albumArtistSort else { continue }
            let artist = TextKey.folded(album.albumArtist)
            if let known = sortTags[artist], known <= tag { continue }
            sortTags[artist] = tag
        }
        return albums.map { album in
            var sorting = album
            sorting.albumArtistSort = sortTags[TextKey.folded(album.albumArtist)]
            return (key(sorting), album)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// An ISO-style date as tagged ("1983-05-01" sorts after "1983"), else the year alone.
    private static func sortableDate(_ album: Album) -> String? {
        if let date = album.date.map(trimmed), date.prefix(4).allSatisfy(\.isNumber),
            date.count >= 4
        {
            return date
        }
        return album.year.map { String($0) }
    }

    /// `text` without leading or trailing white space; most dates have none, and are not
    /// handed to Foundation to find out.
    private static func trimmed(_ text: String) -> String {
        let isPlainEnd = { (byte: UInt8?) in byte.map { $0 > 0x20 && $0 < 0x80 } ?? true }
        guard isPlainEnd(text.utf8.first) && isPlainEnd(text.utf8.last) else {
            return text.trimmingCharacters(in: .whitespaces)
        }
        return text
    }
}
