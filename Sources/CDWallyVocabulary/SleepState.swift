// `Date` alone: FoundationEssentials has it without ICU, which a small control client
// linking this module need not load (BENCHMARKS.md, "The floor under figure 7").
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A sleep timer that is set, as the status shows it.
public enum SleepState: Sendable, Hashable {
    /// The music fades out and pauses at this moment.
    case at(Date)
    /// Playback stops when the current disc ends.
    case endOfDisc

    /// Whole seconds left, for a timer; nil for end-of-disc.
    public func secondsLeft(now: Date = Date()) -> Int? {
        guard case .at(let deadline) = self else { return nil }
        return max(0, Int(deadline.timeIntervalSince(now).rounded(.up)))
    }
}
