/// What kind of refusal a request of the library or the wallet met: the one classification
/// of the library's errors that every door maps, each in its own terms (the CLI to an exit
/// code, the web to a status and `kind`), as `PlayerErrorKind` is for the player's. The raw
/// value is the stable word the web's error body carries.
public enum LibraryRefusalKind: String, Sendable, Hashable, CaseIterable {
    /// No such album, id, path, disc or card.
    case notFound = "not-found"
    /// The library, or the CDs playlist in it, is not there (a disk not mounted yet), or the
    /// playlist cannot be read as one.
    case missing = "missing"
    /// Words that match several albums.
    case ambiguous = "ambiguous"
    /// The wallet's rules refuse it: the capacity is reached, the disc is hidden by it, the
    /// path is outside the library.
    case refused = "refused"
    /// The album's lines in the playlist lead to other albums too, or its line would not read
    /// back as it: written, it would change more than asked.
    case sharedLine = "shared-line"
    /// The playlist is no file cdwally edits: not a regular file, or too large.
    case badFile = "bad-file"
    /// The playlist may not be read or written by this user.
    case notPermitted = "not-permitted"
    /// No file can be made in the playlist's folder, where the new bytes are written first.
    case folderNotWritable = "folder-not-writable"
    /// Another program kept changing the playlist under the write: try again.
    case busy = "busy"
    /// A write failed, or the index could not be read: the disk's, not the request's.
    case storage = "storage"
}
