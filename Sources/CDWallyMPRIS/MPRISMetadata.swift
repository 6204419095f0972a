/// The current track as MPRIS clients see it (the `Metadata` property).
///
/// Empty strings and lists are left out of the dictionary rather than sent empty, so a
/// client falls back to its own placeholder.
public struct MPRISMetadata: Equatable, Sendable {
    /// `mpris:trackid`
    public var trackID: MPRISTrackID
    /// `xesam:title`
    public var title: String?
    /// `xesam:artist`
    public var artists: [String]
    /// `xesam:album`
    public var album: String?
    /// `xesam:albumArtist`
    public var albumArtists: [String]
    /// `xesam:trackNumber`, 1-based.
    public var trackNumber: Int?
    /// `xesam:discNumber`, 1-based.
    public var discNumber: Int?
    /// `mpris:length`, in microseconds.
    public var lengthMicroseconds: Int64?
    /// `mpris:artUrl`: a `file://` URL of the cover art.
    public var artURL: String?
    /// `xesam:url`: the track's own `file://` URL.
    public var url: String?

    public init(
        trackID: MPRISTrackID, title: String? = nil, artists: [String] = [], album: String? = nil,
        albumArtists: [String] = [], trackNumber: Int? = nil, discNumber: Int? = nil,
        lengthMicroseconds: Int64? = nil, artURL: String? = nil, url: String? = nil
    ) {
        self.trackID = trackID
        self.title = title
        self.artists = artists
        self.album = album
        self.albumArtists = albumArtists
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.lengthMicroseconds = lengthMicroseconds
        self.artURL = artURL
        self.url = url
    }
}
