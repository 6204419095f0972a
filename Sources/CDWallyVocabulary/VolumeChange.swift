/// A change of the volume (`PlayerCommand.volume`). Levels are 0…100, up to the configured
/// `volume-max`; mute is separate from the level, so unmuting brings the level back.
public enum VolumeChange: Sendable, Hashable {
    /// To this level.
    case set(Int)
    /// By this many steps up (positive) or down (negative).
    case by(Int)
    case mute
    case unmute
    case toggleMute

    /// The words `init?(text:)` reads.
    public var text: String {
        switch self {
        case .set(let level): String(level)
        case .by(let steps): steps < 0 ? String(steps) : "+\(steps)"
        case .mute: "mute"
        case .unmute: "unmute"
        case .toggleMute: "toggle-mute"
        }
    }

    /// "40", "+5", "-5", "mute", "unmute", "toggle-mute": the words of `cdwally volume` and of
    /// the control protocol.
    public init?(text: String) {
        switch text {
        case "mute": self = .mute
        case "unmute": self = .unmute
        case "toggle-mute": self = .toggleMute
        default:
            if text.hasPrefix("+") || text.hasPrefix("-") {
                guard let steps = Int(text.dropFirst()), steps >= 0 else { return nil }
                self = .by(text.hasPrefix("-") ? -steps : steps)
            } else {
                guard let level = Int(text), level >= 0 else { return nil }
                self = .set(level)
            }
        }
    }
}
