import CDWallyLibrary

/// One generated album: its folder, format and tracks, and the traits the wallet playlist
/// picks albums by.
struct AlbumPlan: Sendable {
    enum Layout: Sendable, Equatable {
        /// Every track in the album's folder.
        case oneFolder
        /// One subfolder per disc (`CD1`, `Disc 2`, ...), each holding that disc's tracks.
        case discFolders
    }

    var number: Int
    var format: AudioFormat
    /// Relative to the library root.
    var folder: String
    var albumArtist: String
    var title: String
    var layout: Layout
    var discCount: Int
    var isCompilation: Bool
    /// Every track carries the template cover as its front picture.
    var embedsCover: Bool
    /// A `cover.jpg` sits in the album's folder, as many rippers leave one.
    var hasFolderCover: Bool
    /// The ID3v2 revision of an MP3 album's tags: taggers still write both.
    var id3v2Version: ID3v2Version
    var tracks: [TrackPlan]
}
