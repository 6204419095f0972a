/// Where a seek goes within the current track.
public enum SeekTarget: Sendable, Hashable {
    /// Seconds forward (positive) or back (negative) from the current position.
    case relative(Double)
    /// Seconds from the start of the track.
    case absolute(Double)

    /// The farthest a seek reaches either way, about 115 days: more than any track lasts. Every
    /// front end refuses a number beyond it, which is no position (and which Foundation's JSON
    /// reader does not always read back as the number written: the fuzzer found 6.67e37).
    public static let farthest = 10_000_000.0

    /// Whether `seconds` can be a seek's distance or position.
    public static func accepts(_ seconds: Double) -> Bool {
        seconds.isFinite && abs(seconds) <= farthest
    }
}
