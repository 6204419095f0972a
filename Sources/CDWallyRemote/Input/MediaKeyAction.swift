/// What a media key asks the player to do. The evdev reader speaks this small vocabulary
/// of its own so it does not depend on the player engine's command type; the wiring in the
/// `cdwally` target translates one into the other.
///
/// The raw value is the canonical name used in the config file's `[keys]` table and in
/// messages (`play-pause`, `next-disc`).
public enum MediaKeyAction: String, CaseIterable, Sendable, CustomStringConvertible {
    case playPause = "play-pause"
    case play
    case pause
    case stop
    /// Next track.
    case next
    /// Previous track (the player applies the CD-player rule: restart or go back).
    case previous
    case seekForward = "seek-forward"
    case seekBackward = "seek-backward"
    case nextDisc = "next-disc"
    case previousDisc = "previous-disc"
    /// A disc not played lately.
    case randomDisc = "random-disc"

    public var description: String { rawValue }

    /// Reads an action name as a user writes it: any case, with `-`, `_`, spaces or
    /// nothing between words (`play-pause`, `PlayPause`, `play_pause`), plus the words of
    /// the `cdwally` commands (`toggle`, `resume`, `prev`).
    public init?(name: String) {
        let wanted = Self.folded(name)
        if let alias = Self.aliases[wanted] {
            self = alias
            return
        }
        guard let action = Self.allCases.first(where: { Self.folded($0.rawValue) == wanted }) else {
            return nil
        }
        self = action
    }

    private static let aliases: [String: MediaKeyAction] = [
        "toggle": .playPause,
        "resume": .play,
        "prev": .previous,
        "prevdisc": .previousDisc,
        "random": .randomDisc,
    ]

    static func folded(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }
}
