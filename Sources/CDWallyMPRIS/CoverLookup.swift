import CDWallyCore
import CDWallyPlayer

/// The `mpris:artUrl` of the playing disc, looked up once per disc.
///
/// A disc without a cover found is asked again when its track changes, never on every
/// snapshot: the engine publishes a disc the moment it is chosen, and a lookup then can come
/// up empty (a cover folder still being written, TagLib racing the background index on a slow
/// board) where the same lookup a track later finds the picture.
struct CoverLookup {
    private let coverFile: @Sendable (Album) -> String?
    private var album: AlbumID?
    private var track: Int?
    private var url: String?

    init(coverFile: @escaping @Sendable (Album) -> String?) {
        self.coverFile = coverFile
    }

    mutating func artURL(for snapshot: PlayerSnapshot) -> String? {
        guard let disc = snapshot.disc else { return nil }
        let track = snapshot.trackIndex
        if disc.album.id != album || (url == nil && track != self.track) {
            album = disc.album.id
            url = coverFile(disc.album).map { RawPath($0).fileURL }
        }
        self.track = track
        return url
    }
}
