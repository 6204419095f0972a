/// The JSON shapes of discs and tracks that `discs`, `tracks` and `status` share, so that a
/// disc or track reads the same wherever it appears.
public enum AlbumJSON {
    /// Where a disc's resume point is, when it has one.
    public struct Resume: Sendable {
        public var track: Int
        public var position: Double

        public init(track: Int, position: Double) {
            self.track = track
            self.position = position
        }
    }

    public static func disc(_ album: Album, position: Int, resume: Resume?) -> JSONValue {
        .object(
            [("position", .int(position))]
                + fields(
                    id: album.id, albumArtist: album.albumArtist, title: album.title, date: album.date,
                    year: album.year, discCount: album.discCount, trackCount: album.trackCount,
                    duration: album.duration, resume: resume))
    }

    /// An album of the library (`albums --json`, the web's Library): a disc's fields, with
    /// `inWallet` (its disc number, or null) in place of `position`, and `mergesInto`, the disc
    /// it is an edition of.
    public static func libraryAlbum(
        _ album: AlbumSummary, inWallet: Int?, mergesInto: Int?, hidden: Bool = false, resume: Resume?
    ) -> JSONValue {
        .object(
            [("inWallet", .int(inWallet)), ("mergesInto", .int(mergesInto)), ("hidden", .bool(hidden))]
                + fields(
                    id: album.id, albumArtist: album.albumArtist, title: album.title, date: album.date,
                    year: album.year, discCount: album.discCount, trackCount: album.trackCount,
                    duration: album.duration, resume: resume)
                + [("folder", .string(album.folder.display))])
    }

    private static func fields(
        id: AlbumID, albumArtist: String, title: String, date: String?, year: Int?, discCount: Int,
        trackCount: Int, duration: Double, resume: Resume?
    ) -> [(String, JSONValue)] {
        [
            ("id", .string(id.rawValue)),
            ("albumArtist", .string(albumArtist)),
            ("album", .string(title)),
            ("date", .string(date)),
            ("year", .int(year)),
            ("discCount", .int(discCount)),
            ("trackCount", .int(trackCount)),
            ("duration", .seconds(duration)),
            (
                "resume",
                resume.map { .object([("track", .int($0.track)), ("position", .seconds($0.position))]) }
                    ?? .null
            ),
        ]
    }

    /// The short form of a disc: which one it is.
    public static func discReference(_ album: Album, position: Int) -> JSONValue {
        .object([
            ("position", .int(position)),
            ("id", .string(album.id.rawValue)),
            ("albumArtist", .string(album.albumArtist)),
            ("album", .string(album.title)),
        ])
    }

    /// A track; `index` is its 1-based place in the play order.
    public static func track(_ track: AlbumTrack, index: Int, duration: Double? = nil) -> JSONValue {
        .object([
            ("index", .int(index)),
            ("disc", .int(track.disc)),
            ("track", .int(track.track)),
            ("title", .string(track.title)),
            ("artist", .string(track.artist)),
            ("path", .string(track.path.display)),
            ("duration", .seconds(duration ?? track.duration)),
        ])
    }
}
