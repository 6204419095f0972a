/// A whole album ("disc" in the wallet): its identity, what to show and its tracks in play
/// order (disc number, then track number, then natural file-name order).
public struct Album: Sendable, Hashable, Identifiable {
    public var id: AlbumID
    /// What the album's identity is made of, before its folder (docs/PRODUCT.md §3): copies of
    /// one album share it; their ids differ by their folders.
    public var identityKey: String
    public var albumArtist: String
    /// ALBUMARTISTSORT when tagged; the wallet sorts on it.
    public var albumArtistSort: String?
    public var title: String
    /// ORIGINALDATE, else DATE/YEAR, as tagged.
    public var date: String?
    /// The year of `date`, else of a "℗ 1983" COPYRIGHT tag.
    public var year: Int?
    public var tracks: [AlbumTrack]
    /// The folders the tracks live in, in byte order.
    public var directories: [RawPath]

    public init(
        id: AlbumID, identityKey: String? = nil, albumArtist: String, albumArtistSort: String? = nil,
        title: String,
        date: String? = nil, year: Int? = nil, tracks: [AlbumTrack], directories: [RawPath]
    ) {
        self.id = id
        self.identityKey = identityKey ?? id.rawValue
        self.albumArtist = albumArtist
        self.albumArtistSort = albumArtistSort
        self.title = title
        self.date = date
        self.year = year
        self.tracks = tracks
        self.directories = directories
    }

    /// The id an older cdwally gave this album, before ids took the album's folder: its
    /// identity alone (the earliest of several copies had it). Listens and resume points saved
    /// under it are carried over to `id` once.
    public var olderID: AlbumID { AlbumID(identityKey: identityKey) }

    public var trackCount: Int { tracks.count }
    /// The number of distinct disc numbers in the queue.
    public var discCount: Int { Set(tracks.map(\.disc)).count }
    /// Seconds, the sum of the tracks' durations.
    public var duration: Double { tracks.reduce(0) { $0 + $1.duration } }
}
