import CDWallyCore
import CDWallySystem
import CDWallyVocabulary

/// The `mpris:artUrl` of the playing disc, looked up once per disc.
///
/// A disc without a cover found is asked again when its track changes, never on every
/// snapshot: the engine publishes a disc the moment it is chosen, and a lookup then can come
/// up empty (a cover folder still being written, TagLib racing the background index on a slow
/// board) where the same lookup a track later finds the picture.
///
/// A lookup reads tags with TagLib and may write the cover cache (with an fsync): it runs on
/// the blocking pool, never on the thread of Swift's pool that carries the bridge's task.
struct CoverLookup {
    private let coverFile: @Sendable (Album) -> String?
    private var album: AlbumID?
    private var track: Int?
    private var url: String?

    init(coverFile: @escaping @Sendable (Album) -> String?) {
        self.coverFile = coverFile
    }

    mutating func artURL(for snapshot: PlayerSnapshot) async -> String? {
        guard let disc = snapshot.disc else { return nil }
        let track = snapshot.trackIndex
        if disc.album.id != album || (url == nil && track != self.track) {
            album = disc.album.id
            let lookUp = coverFile
            let album = disc.album
            let file: String?? = try? await BlockingPool.shared.run { () throws -> String? in lookUp(album) }
            url = file.flatMap { $0 }.map { RawPath($0).fileURL }
        }
        self.track = track
        return url
    }
}
