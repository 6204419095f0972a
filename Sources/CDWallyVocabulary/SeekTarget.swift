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

    /// A seek as a person writes it, on the command line or a command card: "+10" and "-2.5"
    /// move, "90" and "1:30" go to a place; nil for what is no seek ("1:99", "1:60:00", "ten").
    public init?(words text: String) {
        let relative = text.hasPrefix("+") || text.hasPrefix("-")
        let sign: Double = text.hasPrefix("-") ? -1 : 1
        let body = relative ? text.dropFirst() : Substring(text)
        var seconds = 0.0
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        for (index, part) in parts.enumerated() {
            guard let value = Double(part), value >= 0, value.isFinite else { return nil }
            // Past the first field, minutes and seconds stop at 59: "1:99" is a typo, not 2:39.
            if index > 0 && value >= 60 { return nil }
            seconds = seconds * 60 + value
        }
        guard Self.accepts(seconds) else { return nil }
        self = relative ? .relative(sign * seconds) : .absolute(seconds)
    }
}
