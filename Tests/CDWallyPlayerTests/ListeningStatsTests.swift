import CDWallyCore
import Foundation
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// `ListeningStats` on a scripted week with a fixed clock and calendar: the periods, the two
/// lists and the weekdays, in two time zones.
@Suite struct ListeningStatsTests {
    /// Thursday 2026-11-26, 18:00 UTC; the week began on Monday the 23rd, the month on the 1st.
    private let now = Date(timeIntervalSince1970: 1_795_716_000)
    private let hour = 3600.0

    private func album(_ number: Int) -> Album {
        Album(
            id: AlbumID(identityKey: "disc \(number)"), albumArtist: "Artist \(number)",
            title: "Album \(number)",
            tracks: [], directories: [])
    }

    private func listen(_ number: Int, hoursBefore hours: Double, seconds: Double, finished: Bool = true)
        -> Listen
    {
        Listen(
            disc: album(number).id, artist: "Artist \(number)", title: "Album \(number)",
            start: now.addingTimeInterval(-hours * hour), seconds: seconds, finished: finished)
    }

    private func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    @Test func aScriptedWeekInUTC() {
        let history = ListeningHistory(listens: [
            // Thursday (today), Tuesday, Monday 01:00 of this week.
            listen(1, hoursBefore: 2, seconds: 3000),
            listen(2, hoursBefore: 50, seconds: 1200, finished: false),
            listen(1, hoursBefore: 89, seconds: 2400),
            // Sunday 23:30 of last week, still in November; then a day of October.
            listen(3, hoursBefore: 90.5, seconds: 1800),
            listen(1, hoursBefore: 40 * 24, seconds: 600),
        ])
        let wallet = (1...5).map(album)
        let stats = ListeningStats(history: history, wallet: wallet, now: now, calendar: calendar("UTC"))

        #expect(stats.week.since == Date(timeIntervalSince1970: 1_795_392_000))
        #expect(stats.week.listens == 3 && stats.week.finished == 2 && stats.week.seconds == 6600)
        #expect(stats.month.since == Date(timeIntervalSince1970: 1_793_491_200))
        #expect(stats.month.listens == 4 && stats.month.seconds == 8400)
        #expect(stats.allTime.since == nil)
        #expect(stats.allTime.listens == 5 && stats.allTime.finished == 4 && stats.allTime.seconds == 9000)

        #expect(stats.mostPlayed.map(\.position) == [1, 3, 2])
        #expect(stats.mostPlayed.first?.listens == 3 && stats.mostPlayed.first?.seconds == 6000)
        // Never played (4, 5) first, in wallet order; then the one played longest ago.
        #expect(stats.longestUnplayed.map(\.position) == [4, 5, 3, 2, 1])
        #expect(stats.longestUnplayed.first?.lastPlayed == nil)

        // Monday 2400, Tuesday 1200, Thursday 3000, Sunday 1800, and October's day.
        #expect(stats.weekdaySeconds[0] == 2400 && stats.weekdaySeconds[1] == 1200)
        #expect(stats.weekdaySeconds[3] == 3000 && stats.weekdaySeconds[6] == 1800)
        #expect(stats.favouriteWeekday == "Thursday")
    }

    @Test func theLocalTimeZoneDecidesTheWeekAndTheDay() {
        // Sunday 23:30 UTC is Monday 00:30 in Berlin: this week's, and a Monday.
        let history = ListeningHistory(listens: [listen(3, hoursBefore: 90.5, seconds: 1800)])
        let utc = ListeningStats(history: history, wallet: [], now: now, calendar: calendar("UTC"))
        let berlin = ListeningStats(
            history: history, wallet: [], now: now, calendar: calendar("Europe/Berlin"))
        #expect(utc.week.listens == 0 && utc.favouriteWeekday == "Sunday")
        #expect(berlin.week.listens == 1 && berlin.favouriteWeekday == "Monday")
    }

    @Test func compactedListensCountInAllTimeAndTheMostPlayedOnly() {
        var history = ListeningHistory()
        for day in 0..<4 {
            history.add(listen(2, hoursBefore: Double(day) * 24 + 1, seconds: 1000), detailLimit: 2)
        }
        let stats = ListeningStats(history: history, wallet: [album(2)], now: now, calendar: calendar("UTC"))
        #expect(stats.allTime.listens == 4 && stats.allTime.seconds == 4000)
        #expect(stats.week.listens == 2)
        #expect(stats.mostPlayed.first?.listens == 4)
        #expect(stats.weekdaySeconds.reduce(0, +) == 2000)
    }

    /// A Pi's clock ran ahead (no battery, a bad first NTP answer) while disc 2 played, seven
    /// weeks into the future; read by a clock that is right again, that listen and a compacted
    /// total stamped ahead count in all time only, never this week or "last just now".
    @Test func listensStampedAheadOfTheReadingClockCountUndatedInAllTimeOnly() {
        var history = ListeningHistory()
        history.add(listen(2, hoursBefore: -7 * 7 * 24, seconds: 1500, finished: false), detailLimit: 10)
        history.add(listen(1, hoursBefore: 30, seconds: 600), detailLimit: 10)
        history.add(listen(3, hoursBefore: -1, seconds: 900), detailLimit: 1)
        // Disc 3's listen, an hour ahead, went into the compacted totals; so did disc 2's and 1's.
        history.add(listen(3, hoursBefore: -2, seconds: 300), detailLimit: 1)
        let wallet = (1...4).map(album)
        let stats = ListeningStats(history: history, wallet: wallet, now: now, calendar: calendar("UTC"))

        #expect(stats.aheadOfClock == 3)
        #expect(stats.allTime.listens == 4 && stats.allTime.seconds == 3300)
        #expect(stats.week.listens == 0 && stats.month.listens == 0)
        #expect(stats.weekdaySeconds.reduce(0, +) == 0)
        let byPosition = Dictionary(uniqueKeysWithValues: stats.mostPlayed.map { ($0.position, $0) })
        #expect(byPosition[2]?.lastPlayed == nil && byPosition[2]?.listens == 1)
        #expect(byPosition[3]?.lastPlayed == nil && byPosition[3]?.listens == 2)
        #expect(byPosition[1]?.lastPlayed == now.addingTimeInterval(-30 * hour))
        // Never played first, then played at no known time, then by date.
        #expect(stats.longestUnplayed.map(\.position) == [4, 2, 3, 1])

        // The same history read once the clock caught up: every listen has its date again.
        let later = ListeningStats(
            history: history, wallet: wallet, now: now.addingTimeInterval(8 * 7 * 24 * hour),
            calendar: calendar("UTC"))
        #expect(later.aheadOfClock == 0)
        #expect(later.mostPlayed.allSatisfy { $0.lastPlayed != nil })
    }

    /// A stamp exactly at the reading clock is not ahead of it.
    @Test func aStampAtTheReadingClockKeepsItsDate() {
        let history = ListeningHistory(listens: [listen(1, hoursBefore: 0, seconds: 600)])
        let (dated, ahead) = history.dated(asOf: now)
        #expect(ahead == 0 && dated == history)
    }
}
