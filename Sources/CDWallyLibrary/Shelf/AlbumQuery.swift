import CDWallyCore
import CDWallySystem

/// How a command names an album of the library (docs/PRODUCT.md §10): by its id (16 hex
/// digits, as `albums --json` gives it), by a path to a track or folder of it, or by words
/// that must all match its album artist, title, an artist or its year.
public enum AlbumQuery: Sendable, Equatable {
    case id(AlbumID)
    case path(RawPath)
    case words([String])

    /// Reads a command's arguments: one argument of 16 hex digits is an id, one that names a
    /// file or folder (or holds a `/`) is a path, anything else is words. `forceWords` (after
    /// `--`) reads them as words whatever they look like.
    public init(arguments: [String], forceWords: Bool = false, workingDirectory: RawPath) {
        if !forceWords, arguments.count == 1, let only = arguments.first {
            if Self.isID(only) {
                self = .id(AlbumID(rawValue: only.lowercased()))
                return
            }
            let path = RawPath(only)
            if only.contains("/") || FileStatus.of(path) != nil {
                self = .path(workingDirectory.appending(path).lexicallyNormalized())
                return
            }
        }
        self = .words(arguments)
    }

    public static func isID(_ text: String) -> Bool {
        text.utf8.count == 16
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
    }

    /// What the user typed, for a message.
    public var written: String {
        switch self {
        case .id(let id): id.rawValue
        case .path(let path): path.display
        case .words(let words): words.joined(separator: " ")
        }
    }
}
