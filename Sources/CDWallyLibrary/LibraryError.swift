import CDWallyCore

/// Why the library or its playlist could not be used. The CLI turns each into one line and
/// an exit code.
public enum LibraryError: Error, Sendable, CustomStringConvertible {
    /// None of the library folders considered exists (or is a directory).
    case noLibrary(tried: [(path: String, source: String)])
    /// No CDs playlist under the library root, and none given.
    case noPlaylist(root: RawPath)
    /// The playlist file given or chosen cannot be read.
    case playlistUnreadable(FileSystemError)
    /// The playlist given is a named pipe, a device or a folder: never read.
    case playlistNotAFile(RawPath, kind: String)
    /// The index database cannot be opened or written (disk full, permissions...).
    case index(file: String, reason: String)
    /// SQLite found the index damaged. It is only a cache: the next opening builds it afresh.
    case indexDamaged(file: String, reason: String)

    public var description: String {
        switch self {
        case .noLibrary(let tried):
            let list = tried.map { "\($0.path) (\($0.source))" }.joined(separator: ", ")
            return "no music library found: tried \(list); give one with --library DIR"
        case .noPlaylist(let root):
            return
                "no CDs playlist in \(root.display): looked for CDs.m3u and CDs.m3u8 (any case) in every folder"
        case .playlistUnreadable(let error):
            return "cannot read the playlist: \(error)"
        case .playlistNotAFile(let path, let kind):
            return
                "cannot read the playlist \(path.display): it is \(kind), not a playlist file; give a file with --playlist"
        case .index(let file, let reason):
            return "cannot use the library index \(file): \(reason)"
        case .indexDamaged(let file, let reason):
            return "the library index \(file) is damaged (\(reason)); the next command builds it again"
        }
    }

    /// Two lines that make a CDs playlist, shown after `noPlaylist`.
    public static func playlistRecipe(root: RawPath) -> String {
        let path = root.appending("CDs.m3u8").display
        return """
            To make one, list one track of each album you want, one path per line, e.g.:
              printf '#EXTM3U\\nArtist/Album/01 - Song.flac\\n' > '\(path)'
            """
    }
}
