/// What the tags of one audio file say, as far as cdwally cares.
///
/// Numbers are already parsed ("3/12" is 3); strings are as tagged, trimmed, and nil when
/// the tag is absent or empty. `duration` is TagLib's estimate in seconds (0 when unknown);
/// the player trusts mpv's own figure for display.
public struct TrackTags: Sendable, Equatable, Hashable {
    public var title: String?
    public var artist: String?
    public var album: String?
    public var albumArtist: String?
    public var albumArtistSort: String?
    public var trackNumber: Int?
    public var discNumber: Int?
    public var date: String?
    public var originalDate: String?
    public var musicBrainzAlbumID: String?
    public var isCompilation: Bool
    public var copyright: String?
    public var replayGainAlbumGain: Double?
    public var replayGainTrackGain: Double?
    public var duration: Double

    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil,
        albumArtist: String? = nil, albumArtistSort: String? = nil,
        trackNumber: Int? = nil, discNumber: Int? = nil,
        date: String? = nil, originalDate: String? = nil,
        musicBrainzAlbumID: String? = nil, isCompilation: Bool = false,
        copyright: String? = nil,
        replayGainAlbumGain: Double? = nil, replayGainTrackGain: Double? = nil,
        duration: Double = 0
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.albumArtistSort = albumArtistSort
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.date = date
        self.originalDate = originalDate
        self.musicBrainzAlbumID = musicBrainzAlbumID
        self.isCompilation = isCompilation
        self.copyright = copyright
        self.replayGainAlbumGain = replayGainAlbumGain
        self.replayGainTrackGain = replayGainTrackGain
        self.duration = duration
    }
}
