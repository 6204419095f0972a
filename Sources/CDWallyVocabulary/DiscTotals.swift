import CDWallyCore
// `Date` alone: FoundationEssentials has it without ICU, which a small control client
// linking this module need not load (BENCHMARKS.md, "The floor under figure 7").
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What is left of one disc's older listens once they were compacted out of the detailed log
/// (`ListeningHistory.detailLimit`): how many, how many ended, how long, and the last one.
public struct DiscTotals: Sendable, Equatable, Codable {
    public var disc: AlbumID
    public var artist: String
    public var title: String
    public var listens: Int
    public var finished: Int
    public var seconds: Double
    /// The start of the newest listen counted here (`Listen.undated` when none has a date).
    public var last: Date

    /// `last`, when it is known.
    public var lastDated: Date? { last == Listen.undated ? nil : last }

    public init(
        disc: AlbumID, artist: String, title: String, listens: Int = 0, finished: Int = 0,
        seconds: Double = 0,
        last: Date
    ) {
        self.disc = disc
        self.artist = artist
        self.title = title
        self.listens = listens
        self.finished = finished
        self.seconds = seconds
        self.last = last
    }

    /// Counts `listen` in; the names become the newest listen's.
    package mutating func add(_ listen: Listen) {
        listens += 1
        finished += listen.finished ? 1 : 0
        seconds += listen.seconds
        if listen.start >= last {
            last = listen.start
            artist = listen.artist
            title = listen.title
        }
    }

    /// Adds another disc's totals (the same disc, compacted at another time).
    package mutating func add(_ other: DiscTotals) {
        listens += other.listens
        finished += other.finished
        seconds += other.seconds
        if other.last > last {
            last = other.last
            artist = other.artist
            title = other.title
        }
    }
}
