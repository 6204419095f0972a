import CDWallyCore
import CTagLib

/// Why a file's tags could not be read. The first three cases make a file "unreadable" in
/// the product's sense: counted by `scan` and `doctor`, never part of an album.
public enum TagReadError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Nothing exists at this path.
    case missing(RawPath)
    /// The file has zero bytes.
    case emptyFile(RawPath)
    /// TagLib cannot open it as audio: an unknown format, or a damaged file.
    case notAudio(RawPath)
    /// Anything else: a directory, a permission or I/O error, TagLib failing outright.
    case unreadable(RawPath, reason: String)

    public var path: RawPath {
        switch self {
        case .missing(let path), .emptyFile(let path), .notAudio(let path), .unreadable(let path, _):
            return path
        }
    }

    /// Why, in a few words and without the path: what `doctor` lists beside each file.
    public var reason: String {
        switch self {
        case .missing: "vanished while it was being read"
        case .emptyFile: "empty file (0 bytes)"
        case .notAudio: "not an audio file TagLib can read (unknown format or damaged)"
        case .unreadable(_, let reason): reason
        }
    }

    public var description: String {
        switch self {
        case .missing(let path):
            return "cannot read tags: \(path.display) does not exist; check the path or rescan the library"
        case .emptyFile(let path):
            return "cannot read tags: \(path.display) is empty (0 bytes); copy the file again or remove it"
        case .notAudio(let path):
            return "cannot read tags: \(path.display) is not an audio file TagLib can read "
                + "(unknown format or damaged); replace it or move it out of the library"
        case .unreadable(let path, let reason):
            return "cannot read tags of \(path.display): \(reason); check the file and its permissions"
        }
    }

    init(_ failure: TagLibFailure, path: RawPath) {
        switch failure.status {
        case CTAGLIB_NOT_FOUND: self = .missing(path)
        case CTAGLIB_EMPTY_FILE: self = .emptyFile(path)
        case CTAGLIB_CANNOT_OPEN: self = .notAudio(path)
        default: self = .unreadable(path, reason: failure.message)
        }
    }
}
