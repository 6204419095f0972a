import Foundation

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

    /// "30m", "45" (minutes), "1h", "1h30m", "90s", "end-of-disc", "off".
    public init?(text: String) {
        switch text {
        case "off": self = .off
        case "end-of-disc": self = .endOfDisc
        default:
            guard let seconds = Self.seconds(in: text), seconds > 0 else { return nil }
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
