import CDWallyPlayer

/// The action names of the config file's `[keys]` table, each the player command it
/// stands for: the whole vocabulary a media key speaks. A new verb costs one row.
public enum KeyActionName {
    /// Seconds a fast-forward or rewind key jumps.
    public static let seekStep = 10.0
    /// Volume points a volume key moves.
    public static let volumeStep = 5

    /// The canonical names, in the order messages list them. On a stopped player, play and
    /// play-pause start the disc played last (the engine's `resume` and `toggle` do that).
    public static let table: [(name: String, command: PlayerCommand)] = [
        ("play-pause", .toggle),
        ("play", .resume),
        ("pause", .pause),
        ("stop", .stop),
        ("next", .next),
        // The player applies the CD-player rule: restart or go back.
        ("previous", .previous),
        ("seek-forward", .seek(.relative(seekStep))),
        ("seek-backward", .seek(.relative(-seekStep))),
        ("next-disc", .nextDisc),
        ("previous-disc", .previousDisc),
        // A disc not played lately.
        ("random-disc", .randomDisc),
        ("volume-up", .volume(.by(volumeStep))),
        ("volume-down", .volume(.by(-volumeStep))),
        ("toggle-mute", .volume(.toggleMute)),
        ("mute", .volume(.mute)),
        ("unmute", .volume(.unmute)),
        ("shuffle", .shuffle(nil)),
    ]

    /// The words of the `cdwally` commands, and short forms, for the canonical names.
    private static let aliases: [String: String] = [
        "toggle": "play-pause",
        "resume": "play",
        "prev": "previous",
        "prevdisc": "previous-disc",
        "random": "random-disc",
    ]

    /// Reads an action name as a user writes it: any case, with `-`, `_`, spaces or
    /// nothing between words (`play-pause`, `PlayPause`, `play_pause`), plus the aliases.
    public static func command(named name: String) -> PlayerCommand? {
        let wanted = folded(name)
        let canonical = aliases[wanted].map(folded) ?? wanted
        return table.first { folded($0.name) == canonical }?.command
    }

    /// The canonical name of `command`, for messages; its description when no key names it.
    public static func name(of command: PlayerCommand) -> String {
        table.first { $0.command == command }?.name ?? "\(command)"
    }

    static func folded(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }
}
