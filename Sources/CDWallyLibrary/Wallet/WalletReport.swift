import CDWallyCore

/// Everything known about how the wallet came to be: the playlist chosen and why, what
/// each entry came to, the wallet itself, and what the index refresh did on the way.
public struct WalletReport: Sendable {
    public struct Unavailable: Sendable, Equatable {
        /// 1-based line of the entry's path in the playlist.
        public var line: Int
        public var entry: String
        public var reason: String
    }

    /// An entry that reached its album by another route than its path as written.
    public struct Rerouted: Sendable, Equatable {
        /// 1-based line of the entry's path in the playlist.
        public var line: Int
        public var entry: String
        public var route: EntryRoute
    }

    /// Counts as `doctor` reports them (docs/PRODUCT.md §8).
    public struct EntryCounts: Sendable, Equatable {
        /// Every entry line, streams included.
        public var total = 0
        /// Entries that led to an album by any route.
        public var resolved = 0
        /// Resolved entries found through the index because their path was missing.
        public var resolvedByTags = 0
        /// Resolved entries that made no new disc (repeats and editions).
        public var merged = 0
        public var streams = 0
        public var unavailable: [Unavailable] = []
        /// Resolved entries whose route was not their path as written, with the route.
        public var rerouted: [Rerouted] = []
    }

    public var library: RawPath
    public var choice: PlaylistChoice
    /// How the chosen playlist's text was read, nil when there is none.
    public var encoding: M3UParser.Encoding?
    /// False when the chosen playlist holds binary data rather than text (docs/PRODUCT.md §8).
    public var looksLikePlaylist = true
    public var entries: EntryCounts
    public var wallet: Wallet
    public var scan: ScanDelta
    /// Read from the wallet remembered by an earlier command (`WalletMemo`), nothing resolved.
    public var remembered = false
    /// Entries of an edited playlist answered from the albums an earlier command's lines
    /// found (`WalletMemo`), not resolved again.
    public var rememberedEntries = 0
}
