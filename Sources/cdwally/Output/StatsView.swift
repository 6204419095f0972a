import CDWallyCore
import CDWallyPlayer
import Foundation

/// `cdwally stats` for people: a table of the periods, the discs played most, those not
/// played for longest, and the day of the week heard most.
struct StatsView {
    let stats: ListeningStats
    let now: Date
    let terminal: Terminal

    func render() -> String {
        var lines: [String] = []
        var periods = TextTable([
            .init(title: ""), .init(title: "Heard", alignRight: true),
            .init(title: "Listens", alignRight: true),
            .init(title: "Finished", alignRight: true),
        ])
        for (name, period) in [
            ("This week", stats.week), ("This month", stats.month), ("All time", stats.allTime),
        ] {
            periods.append([
                name, Format.hours(period.seconds), String(period.listens), String(period.finished),
            ])
        }
        lines.append(periods.render(width: terminal.width, header: terminal.dim))
        if !stats.mostPlayed.isEmpty {
            lines += ["", terminal.bold("Most played")]
            var table = TextTable([
                .init(title: "#", alignRight: true), .init(title: "Artist", flexible: true),
                .init(title: "Album", flexible: true), .init(title: "Listens", alignRight: true),
                .init(title: "Finished", alignRight: true), .init(title: "Heard", alignRight: true),
                .init(title: "Last"),
            ])
            for disc in stats.mostPlayed {
                table.append([
                    disc.position.map(String.init) ?? "", disc.artist, disc.title, String(disc.listens),
                    String(disc.finished), Format.hours(disc.seconds),
                    disc.lastPlayed.map { Format.ago($0, now: now) } ?? "unknown",
                ])
            }
            lines.append(table.render(width: terminal.width, header: terminal.dim))
        }
        if !stats.longestUnplayed.isEmpty {
            lines += ["", terminal.bold("Not played for longest")]
            var table = TextTable([
                .init(title: "#", alignRight: true), .init(title: "Artist", flexible: true),
                .init(title: "Album", flexible: true), .init(title: "Last"),
            ])
            for disc in stats.longestUnplayed {
                table.append([
                    disc.position.map(String.init) ?? "", disc.artist, disc.title,
                    disc.lastPlayed.map { Format.ago($0, now: now) }
                        ?? (disc.listens > 0 ? "unknown" : "never"),
                ])
            }
            lines.append(table.render(width: terminal.width, header: terminal.dim))
        }
        lines.append("")
        if let day = stats.favouriteWeekday, let seconds = stats.weekdaySeconds.max() {
            lines.append("You play most on \(day)s (\(Format.hours(seconds)) heard).")
        } else {
            lines.append(
                "Nothing heard yet: listens of 30 seconds or more, or of a whole short disc, are remembered.")
        }
        return lines.joined(separator: "\n")
    }

    /// The one line `stats` says on standard error when listens are stamped after `now` (a
    /// clock that ran ahead when they were saved).
    static func aheadOfClock(_ count: Int, now: Date) -> String {
        let (verb, they) = count == 1 ? ("is", "it counts") : ("are", "they count")
        return "\(Format.count(count, "listen")) \(verb) stamped after this machine's clock "
            + "(\(Format.timestamp(now))): \(they) in all time only, with no date"
    }
}
