/// The one conversion of a `Duration` into the units the C and Foundation calls take, with its
/// fraction kept: a wait rounded down to whole seconds would end early, or at once.
extension Duration {
    /// Seconds, with the fraction.
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Whole milliseconds, rounded up so that a wait never ends before the duration; 0 for
    /// none or less, and clamped to what `poll(2)` takes.
    public var pollMilliseconds: Int32 {
        if self <= .zero { return 0 }
        let (seconds, attoseconds) = components
        let whole = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let remainder = attoseconds % 1_000_000_000_000_000
        return Int32(clamping: whole + (remainder > 0 ? 1 : 0))
    }

    /// Whole microseconds, never negative.
    public var microseconds: UInt64 {
        if self <= .zero { return 0 }
        let (seconds, attoseconds) = components
        return UInt64(seconds) * 1_000_000 + UInt64(attoseconds / 1_000_000_000_000)
    }

    /// Whole nanoseconds, never negative.
    public var nanoseconds: Int {
        if self <= .zero { return 0 }
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
