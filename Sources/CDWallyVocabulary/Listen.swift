import CDWallyCore
// `Date` alone: FoundationEssentials has it without ICU, which a small control client
// linking this module need not load (BENCHMARKS.md, "The floor under figure 7").
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One listen: a disc put on and taken off again (switched, stopped, played to its end, the
/// player quit). The artist and title are kept so that the history still names a disc after
/// it left the wallet or the library.
public struct Listen: Sendable, Equatable, Codable {
    /// The disc, with the identity the resume points use (`Album.id`).
    public var disc: AlbumID
    public var artist: String
    public var title: String
    /// When the disc was put on.
    public var start: Date
    /// Seconds of music that went out while it was on: pauses, seeks and loading not counted.
    public var seconds: Double
    /// The disc played to its end (or `next` on its last track), as the resume point says.
    public var finished: Bool

    public init(disc: AlbumID, artist: String, title: String, start: Date, seconds: Double, finished: Bool) {
        self.disc = disc
        self.artist = artist
        self.title = title
        self.start = start
        self.seconds = seconds
        self.finished = finished
    }

    /// The start of a listen whose stamp could not be trusted (`ListeningHistory.dated(asOf:)`):
    /// before any other, so that it counts in no week, month or weekday and is never recent.
    public static let undated = Date.distantPast

    /// Whether its start is known.
    public var isDated: Bool { start != Self.undated }

    /// A listen shorter than this is a glance (skipping past a disc, a wrong number) and is not
    /// kept, unless the disc played to its end.
    public static let minimumSeconds = 30.0

    /// Whether it is worth keeping: `minimumSeconds` heard, or the disc played to its end with
    /// half of its `discSeconds` heard (when known): a short disc heard whole counts, a disc
    /// skipped through to its end with `next` does not.
    public func isKept(minimumSeconds: Double = Self.minimumSeconds, discSeconds: Double? = nil) -> Bool {
        seconds >= minimumSeconds || (finished && seconds > 0 && seconds >= (discSeconds ?? 0) / 2)
    }

    /// The same listen: a listen is known by its disc and its start, so that one folded in
    /// after a power cut is never counted twice.
    package func isSame(as other: Listen) -> Bool {
        disc == other.disc && abs(start.timeIntervalSince(other.start)) < 0.001
    }
}
