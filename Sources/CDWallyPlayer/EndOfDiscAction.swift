/// What happens when a disc plays to its end (`--then`).
public enum EndOfDiscAction: String, Sendable, Hashable, CaseIterable {
    case stop
    /// The next disc in the wallet; after the last one playback stops, unless the wallet
    /// repeats (`PlayerConfiguration.repeatWallet`), when disc 1 follows.
    case next
    /// A random disc not among the most recently played.
    case random
}
