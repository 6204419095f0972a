import CDWallyCore
import CDWallyVocabulary
import Foundation

/// What `cdwally stats` tells from the listening memory and the wallet: time heard and discs
/// finished this week, this month and in all, the discs played most, the wallet's discs not
/// played for longest, and the days of the week by time heard. A pure function of its inputs
/// (the clock and calendar included), so that a scripted week gives known numbers.
///
/// Weeks start on Monday (ISO 8601), in the calendar's time zone; a listen counts in the
/// period its start falls in. A listen stamped after `now` has no date it can be trusted with
/// (`ListeningHistory.dated(asOf:)`): it counts in all time only, and `aheadOfClock` says how
/// many there were. Time heard per weekday and per period comes from the detailed
/// listens; all-time totals include the compacted ones (`ListeningHistory`).
public struct ListeningStats: Sendable, Equatable {
    /// Listens of one period.
    public struct Period: Sendable, Equatable {
        /// Its first moment; nil for all time.
        public var since: Date?
        public var seconds: Double = 0
        public var listens = 0
        public var finished = 0
    }

    /// One disc's part of the memory; `position` is its place in the wallet when it is there.
    public struct Disc: Sendable, Equatable {
        public var disc: AlbumID
        public var position: Int?
        public var artist: String
        public var title: String
        public var listens: Int
        public var finished: Int
        public var seconds: Double
        public var lastPlayed: Date?
    }

    /// How many discs the two lists show.
    public static let listLength = 5
    /// Monday to Sunday.
    public static let weekdayNames = [
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    ]

    public var week: Period
    public var month: Period
    public var allTime: Period
    /// Most listens first (then more time, then played more recently).
    public var mostPlayed: [Disc]
    /// The wallet's discs never played, then those played longest ago.
    public var longestUnplayed: [Disc]
    /// Seconds heard on each day of the week, Monday first.
    public var weekdaySeconds: [Double]
    /// Listens stamped after `now`, counted undated.
    public var aheadOfClock: Int

    /// The day of the week with the most time heard (`weekdayNames`); nil when nothing was heard.
    public var favouriteWeekday: String? {
        guard let most = weekdaySeconds.max(), most > 0, let index = weekdaySeconds.firstIndex(of: most)
        else {
            return nil
        }
        return Self.weekdayNames[index]
    }

    public init(
        history stamped: ListeningHistory, wallet: [Album], now: Date, calendar base: Calendar = .current
    ) {
        let (history, ahead) = stamped.dated(asOf: now)
        aheadOfClock = ahead
        var calendar = base
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        let weekStart = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? now
        let monthStart = calendar.dateInterval(of: .month, for: now)?.start ?? now
        week = Period(since: weekStart)
        month = Period(since: monthStart)
        allTime = Period(since: nil)
        weekdaySeconds = Array(repeating: 0, count: 7)
        for listen in history.listens where listen.isDated {
            if listen.start >= weekStart { week.add(listen) }
            if listen.start >= monthStart { month.add(listen) }
            // Gregorian weekdays are 1 = Sunday … 7 = Saturday; Monday first here.
            let weekday = calendar.component(.weekday, from: listen.start)
            weekdaySeconds[(weekday + 5) % 7] += listen.seconds
        }
        let totals = history.totals
        for disc in totals.values {
            allTime.seconds += disc.seconds
            allTime.listens += disc.listens
            allTime.finished += disc.finished
        }
        var positions: [AlbumID: Int] = [:]
        for (offset, album) in wallet.enumerated() where positions[album.id] == nil {
            positions[album.id] = offset + 1
        }
        mostPlayed = totals.values
            .sorted { ($0.listens, $0.seconds, $0.last) > ($1.listens, $1.seconds, $1.last) }
            .prefix(Self.listLength)
            .map { Disc($0, position: positions[$0.disc]) }
        longestUnplayed = wallet.enumerated()
            .map { offset, album in
                totals[album.id].map { Disc($0, position: offset + 1) }
                    ?? Disc(
                        disc: album.id, position: offset + 1, artist: album.albumArtist, title: album.title,
                        listens: 0, finished: 0, seconds: 0, lastPlayed: nil)
            }
            .sorted { ($0.unplayedOrder, $0.position ?? 0) < ($1.unplayedOrder, $1.position ?? 0) }
            .prefix(Self.listLength)
            .map { $0 }
    }
}

extension ListeningStats.Period {
    fileprivate mutating func add(_ listen: Listen) {
        seconds += listen.seconds
        listens += 1
        finished += listen.finished ? 1 : 0
    }
}

extension ListeningStats.Disc {
    fileprivate init(_ totals: DiscTotals, position: Int?) {
        self.init(
            disc: totals.disc, position: position, artist: totals.artist, title: totals.title,
            listens: totals.listens, finished: totals.finished, seconds: totals.seconds,
            lastPlayed: totals.lastDated)
    }

    /// Never played first, then played at no known time, then played longest ago.
    fileprivate var unplayedOrder: Date {
        lastPlayed ?? (listens == 0 ? .distantPast : Listen.undated.addingTimeInterval(1))
    }
}
