import CDWallyCore

/// An indexed track and the key of its album.
struct IndexedTrack: Sendable {
    var file: TrackFile
    var albumKey: String
}
