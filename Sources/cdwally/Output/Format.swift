import Foundation

/// How numbers and times are shown to people.
enum Format {
    /// "3:05", "1:02:03".
    static func duration(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0
            ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }

    /// ISO 8601 in UTC, as `doctor` reports times (docs/PRODUCT.md §8).
    static func timestamp(_ date: Date) -> String {
        date.formatted(
            .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
                .timeSeparator(.colon).timeZone(separator: .omitted))
    }

    /// Time heard: "0 h 42 min", "12 h 05 min".
    static func hours(_ seconds: Double) -> String {
        let minutes = max(0, Int((seconds / 60).rounded()))
        return "\(minutes / 60) h \(minutes % 60 < 10 ? "0" : "")\(minutes % 60) min"
    }

    /// How long before `now`: "just now", "5 minutes ago", "3 hours ago", "3 days ago".
    static func ago(_ date: Date, now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return count(Int(seconds / 60), "minute") + " ago"
        case ..<86_400: return count(Int(seconds / 3600), "hour") + " ago"
        default: return count(Int(seconds / 86_400), "day") + " ago"
        }
    }

    /// "1 disc", "3 discs".
    static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
