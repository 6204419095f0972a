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
    /// Instead of the template, a cover of about this many bytes, as high-resolution scans
    /// embedded by some taggers are (the real-world shape only).
    var largeCoverBytes: Int? = nil
    /// A `cover.jpg` sits in the album's folder, as many rippers leave one.
    var hasFolderCover: Bool
    /// The ID3v2 revision of an MP3 album's tags: taggers still write both.
    var id3v2Version: ID3v2Version
    var tracks: [TrackPlan]
    /// Files that are not tracks (logs, cue sheets, scans), written with the album.
    var extraFiles: [ExtraFile] = []
}

/// A file beside the music that a scan must pass over: a rip log, a cue sheet, a scan.
struct ExtraFile: Sendable {
    enum Content: Sendable {
        case text(String)
        /// The template cover picture.
        case picture
    }

    /// Relative to the library root.
    var path: String
    var content: Content
}
