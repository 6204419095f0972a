import CDWallyCore
import CTagLib

/// Why tags could not be written to a file.
public enum TagWriteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Nothing exists at this path.
    case missing(RawPath)
    /// TagLib cannot open the file as audio (unknown format, damaged, or empty).
    case notAudio(RawPath)
    /// The file cannot be opened for writing: permissions, a directory, a read-only disk.
    case notWritable(RawPath, reason: String)
    /// The format has no place for a key or a picture that was asked for.
    case unsupported(RawPath, reason: String)
    /// TagLib opened the file but could not save it.
    case saveFailed(RawPath)
    /// The shim refused the call or TagLib failed outright; `reason` names the call.
    case failed(RawPath, reason: String)

    public var path: RawPath {
        switch self {
        case .missing(let path), .notAudio(let path), .notWritable(let path, _), .unsupported(let path, _),
            .saveFailed(let path), .failed(let path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .missing(let path):
            return "cannot write tags: \(path.display) does not exist; check the path"
        case .notAudio(let path):
            return "cannot write tags: \(path.display) is not an audio file TagLib can open; check the file"
        case .notWritable(let path, let reason):
            return "cannot write tags to \(path.display): \(reason); check its permissions and the disk"
        case .unsupported(let path, let reason):
            return "cannot write tags to \(path.display): \(reason); leave that value out for this format"
        case .saveFailed(let path):
            return
                "cannot write tags: TagLib could not save \(path.display); check free space and permissions"
        case .failed(let path, let reason):
            return "cannot write tags to \(path.display): \(reason)"
        }
    }

    init(_ failure: TagLibFailure, path: RawPath) {
        switch failure.status {
        case CTAGLIB_NOT_FOUND: self = .missing(path)
        case CTAGLIB_EMPTY_FILE, CTAGLIB_CANNOT_OPEN: self = .notAudio(path)
        case CTAGLIB_OS_ERROR, CTAGLIB_NOT_REGULAR_FILE: self = .notWritable(path, reason: failure.message)
        case CTAGLIB_UNSUPPORTED_KEY: self = .unsupported(path, reason: failure.message)
        case CTAGLIB_SAVE_FAILED: self = .saveFailed(path)
        default: self = .failed(path, reason: "\(failure.call): \(failure.message)")
        }
    }
}
