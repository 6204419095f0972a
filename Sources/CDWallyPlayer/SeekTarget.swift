/// Where a seek goes within the current track.
public enum SeekTarget: Sendable, Hashable {
    /// Seconds forward (positive) or back (negative) from the current position.
    case relative(Double)
    /// Seconds from the start of the track.
    case absolute(Double)
}
