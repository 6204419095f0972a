/// One album of the whole library in a few fields: what `cdwally albums` and the web's
/// Library list, what a filter searches, and the track `add` writes. The index keeps one for
/// every album (its album summary), so a listing never regroups every track.
public struct AlbumSummary: Sendable, Hashable, Identifiable {
    public var id: AlbumID
    public var albumArtist: String
    public var albumArtistSort: String?
    public var title: String
    public var date: String?
    public var year: Int?
    public var trackCount: Int
    public var discCount: Int
    /// Seconds.
    public var duration: Double
    /// The album's own folder (the parent of its `CD1`, `CD2` folders).
    public var folder: RawPath
    /// The first track in play order: the one a playlist line names for the album.
    public var firstTrack: AlbumTrack
    /// The folded words a filter is matched against: album artist, album, each artist, year.
    public var searchText: String

    public init(
        id: AlbumID, albumArtist: String, albumArtistSort: String?, title: String, date: String?, year: Int?,
        trackCount: Int, discCount: Int, duration: Double, folder: RawPath, firstTrack: AlbumTrack,
        searchText: String
    ) {
        self.id = id
        self.albumArtist = albumArtist
        self.albumArtistSort = albumArtistSort
        self.title = title
        self.date = date
        self.year = year
        self.trackCount = trackCount
        self.discCount = discCount
        self.duration = duration
        self.folder = folder
        self.firstTrack = firstTrack
        self.searchText = searchText
    }

    /// The summary of an album that has at least one track.
    public init?(_ album: Album) {
        guard let first = album.tracks.first else { return nil }
        var artists: [String] = []
        for track in album.tracks where !artists.contains(track.artist) { artists.append(track.artist) }
        self.init(
            id: album.id, albumArtist: album.albumArtist, albumArtistSort: album.albumArtistSort,
            title: album.title, date: album.date, year: album.year, trackCount: album.trackCount,
            discCount: album.discCount, duration: album.duration,
            folder: AlbumGrouper.albumFolder(of: first.path.parent), firstTrack: first,
            searchText: Self.searchText(
                albumArtist: album.albumArtist, title: album.title, artists: artists, year: album.year))
    }

    /// The text a filter searches: the words of the album artist, album, each artist and the
    /// year, folded for filters (case and accents set aside, ø as o, æ as ae: `TextKey.filterFolded`) and cut at anything but letters and digits,
    /// each with a space before and after: " sigur ros agaetis byrjun 1999 ".
    public static func searchText(albumArtist: String, title: String, artists: [String], year: Int?) -> String
    {
        let words = ([albumArtist, title] + artists + [year.map { String($0) } ?? ""]).flatMap(words(of:))
        return " " + words.joined(separator: " ") + " "
    }

    /// The words of a filter, cut and folded as `searchText` is.
    public static func filterWords(_ words: [String]) -> [String] {
        words.flatMap(Self.words(of:))
    }

    private static func words(of text: String) -> [String] {
        TextKey.filterFolded(text).split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// True when every word starts a word of the album's fields (docs/PRODUCT.md §10): "ros"
    /// finds "Rós", "2" does not find "12".
    public func matches(_ words: [String]) -> Bool {
        words.allSatisfy { searchText.contains(" " + $0) }
    }

    /// True when every word is a whole word of the album's fields: among several albums that
    /// match "band 2 album 2", the one it names outright.
    public func matchesWholly(_ words: [String]) -> Bool {
        words.allSatisfy { searchText.contains(" " + $0 + " ") }
    }

    /// The album as the wallet's rules see it (order, editions): these fields and the first
    /// track only.
    public var standIn: Album {
        Album(
            id: id, albumArtist: albumArtist, albumArtistSort: albumArtistSort, title: title, date: date,
            year: year, tracks: [firstTrack], directories: [firstTrack.path.parent])
    }
}
