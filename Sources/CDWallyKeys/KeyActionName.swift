import CDWallyVocabulary

/// The action names of the config file's `[keys]` table, each the player command it
/// stands for: the whole vocabulary a media key speaks, every verb's key actions
/// (`PlayerVerb.keyActions`): a new verb brings its own.
public enum KeyActionName {
    /// Seconds a fast-forward or rewind key jumps.
    public static let seekStep = PlayerVerb.keySeekStep
    /// Volume points a volume key moves.
    public static let volumeStep = PlayerVerb.keyVolumeStep

    /// The canonical names, in the order messages list them. On a stopped player, play and
    /// play-pause start the disc played last (the engine's `resume` and `toggle` do that);
    /// previous applies the CD-player rule: restart or go back.
    public static let table: [(name: String, command: PlayerCommand)] = PlayerVerb.table.filter {
        $0.doors.contains(.keys)
    }.flatMap { $0.keyActions.map { ($0.name, $0.command) } }

    /// The words of the `cdwally` commands (every verb's name and older spellings, for its
    /// plain command), and short forms, for the canonical names.
    private static let aliases: [String: String] = {
        var aliases = ["prevdisc": "previous-disc", "random": "random-disc"]
        for verb in PlayerVerb.table where verb.doors.contains(.keys) {
            guard let command = verb.plainCommand,
                let action = verb.keyActions.first(where: { $0.command == command })
            else { continue }
            for word in [verb.name] + verb.aliases where word != action.name {
                aliases[folded(word)] = action.name
            }
        }
        return aliases
    }()

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
