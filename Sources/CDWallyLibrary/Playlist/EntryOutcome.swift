import CDWallyCore

/// What one playlist entry came to.
public struct EntryOutcome: Sendable {
    public enum Result: Sendable {
        /// The albums the entry means: one for a track, every album below a folder entry.
        case albums([Album])
        /// A stream URL: skipped, cdwally is offline.
        case stream
        /// Nothing playable; the reason says why in a few words.
        case unavailable(String)
    }

    public var entry: PlaylistEntry
    public var result: Result
    /// How the entry reached its album (docs/PRODUCT.md §2); nil when it did not.
    public var route: EntryRoute?
    /// The file a track entry was found at; nil for other entries.
    public var track: RawPath?

    /// True when the entry's path was missing and the index found the track by its
    /// `#EXTINF` artist and title or by its file name.
    public var resolvedByTags: Bool { route?.isByTags ?? false }

    public var albums: [Album] {
        if case .albums(let albums) = result { albums } else { [] }
    }
}
