import CDWallyCore
import Foundation

/// A `CDs.m3u`/`CDs.m3u8` found in the library, or the playlist given outright.
public struct PlaylistCandidate: Sendable, Equatable {
    public var path: RawPath
    /// Modification time in nanoseconds since the epoch (0 when it could not be read).
    public var modified: Int64
    /// Entry lines, once the playlist has been read.
    public var entries: Int?
    /// Entries that lead to an album, once they have been resolved.
    public var resolvable: Int?

    public init(path: RawPath, modified: Int64, entries: Int? = nil, resolvable: Int? = nil) {
        self.path = path
        self.modified = modified
        self.entries = entries
        self.resolvable = resolvable
    }

    public var modifiedDate: Date { Date(timeIntervalSince1970: Double(modified) / 1e9) }
}

/// Which playlist is the wallet, and why (shown by `cdwally doctor`).
public struct PlaylistChoice: Sendable, Equatable {
    public var chosen: RawPath?
    public var reason: String
    public var candidates: [PlaylistCandidate]
}
