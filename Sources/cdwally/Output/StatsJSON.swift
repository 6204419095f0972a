import CDWallyCore
import CDWallyPlayer
import Foundation

/// The JSON shape of `cdwally stats --json`, documented in cdwally(1).
enum StatsJSON {
    static func render(_ stats: ListeningStats, log: String) -> JSONValue {
        .object([
            ("log", .string(log)),
            ("week", period(stats.week)),
            ("month", period(stats.month)),
            ("allTime", period(stats.allTime)),
            ("mostPlayed", .array(stats.mostPlayed.map(disc))),
            ("longestUnplayed", .array(stats.longestUnplayed.map(disc))),
            (
                "weekdays",
                .array(
                    zip(ListeningStats.weekdayNames, stats.weekdaySeconds).map { name, seconds in
                        .object([("day", .string(name)), ("seconds", .seconds(seconds))])
                    })
            ),
            ("favouriteWeekday", .string(stats.favouriteWeekday)),
            ("aheadOfClock", .int(stats.aheadOfClock)),
        ])
    }

    private static func period(_ period: ListeningStats.Period) -> JSONValue {
        .object([
            ("since", .string(period.since.map(Format.timestamp))),
            ("seconds", .seconds(period.seconds)),
            ("listens", .int(period.listens)),
            ("finished", .int(period.finished)),
        ])
    }

    private static func disc(_ disc: ListeningStats.Disc) -> JSONValue {
        .object([
            ("position", .int(disc.position)),
            ("id", .string(disc.disc.rawValue)),
            ("albumArtist", .string(disc.artist)),
            ("album", .string(disc.title)),
            ("listens", .int(disc.listens)),
            ("finished", .int(disc.finished)),
            ("seconds", .seconds(disc.seconds)),
            ("lastPlayed", .string(disc.lastPlayed.map(Format.timestamp))),
        ])
    }
}
