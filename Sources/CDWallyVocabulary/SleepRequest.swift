/// What `cdwally sleep` asks for (`PlayerCommand.sleep`): pause after a while, with the music
/// fading out over its last seconds; stop when the current disc ends; or no timer.
public enum SleepRequest: Sendable, Hashable {
    case after(seconds: Double)
    case endOfDisc
    case off

    /// The words `init?(text:)` reads ("90s" for a timer).
    public var text: String {
        switch self {
        case .after(let seconds): "\(Int(seconds.rounded()))s"
        case .endOfDisc: "end-of-disc"
        case .off: "off"
        }
    }

    /// The longest timer: a day. Past it a timer is a typing slip, and a bound keeps every
    /// time a whole number of seconds that `text` can write.
    public static let longest: Double = 24 * 3600

    /// "30m", "45" (minutes), "1h", "1h30m", "90s", "end-of-disc", "off": a time from one
    /// second to a day, rounded to the second, so that `text` reads back as the same request.
    public init?(text: String) {
        switch text {
        case "off": self = .off
        case "end-of-disc": self = .endOfDisc
        default:
            guard let seconds = Self.seconds(in: text)?.rounded(), (1...Self.longest).contains(seconds)
            else { return nil }
            self = .after(seconds: seconds)
        }
    }

    /// Hours, minutes and seconds written as "1h30m", "45m", "90s"; a bare number is minutes.
    private static func seconds(in text: String) -> Double? {
        if let minutes = Double(text), minutes.isFinite { return minutes * 60 }
        var total = 0.0
        var number = ""
        var sawUnit = false
        for character in text {
            if character.isASCII && (character.isNumber || character == ".") {
                number.append(character)
                continue
            }
            guard let value = Double(number) else { return nil }
            switch character {
            case "h": total += value * 3600
            case "m": total += value * 60
            case "s": total += value
            default: return nil
            }
            number = ""
            sawUnit = true
        }
        return number.isEmpty && sawUnit ? total : nil
    }
}
