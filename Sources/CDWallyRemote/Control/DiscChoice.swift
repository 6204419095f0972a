/// Which disc a `disc` request asks for.
public enum DiscChoice: Sendable, Hashable {
    /// A 1-based wallet position.
    case number(Int)
    case next
    case previous
    /// A disc not played lately.
    case random
}
