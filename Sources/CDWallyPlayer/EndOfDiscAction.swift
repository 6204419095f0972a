/// What happens when a disc plays to its end (`--then`).
public enum EndOfDiscAction: String, Sendable, Hashable, CaseIterable {
    case stop
    /// The next disc in the wallet, wrapping to disc 1.
    case next
    /// A random disc not among the most recently played.
    case random
}
