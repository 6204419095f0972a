/// One track of an album, as it is queued: where it is and what to show for it.
public struct AlbumTrack: Sendable, Hashable {
    public var path: RawPath
    /// Disc number within the album, 1 when neither tags nor folder say.
    public var disc: Int
    /// Track number from the tags or the file name; nil when neither has one.
    public var track: Int?
    /// The title tag, else the file name without its extension.
    public var title: String
    /// The artist tag, else the album artist.
    public var artist: String
    /// Seconds, TagLib's estimate (0 when unknown).
    public var duration: Double

    public init(path: RawPath, disc: Int, track: Int?, title: String, artist: String, duration: Double) {
        self.path = path
        self.disc = disc
        self.track = track
        self.title = title
        self.artist = artist
        self.duration = duration
    }
}
