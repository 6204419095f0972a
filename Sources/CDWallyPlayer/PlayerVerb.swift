import CDWallyCore

/// One verb of the player's vocabulary as every wire spells it: its name, how the fields of a
/// JSON object read into a player command, and how such a command is written back. The
/// control socket's lines and the web remote's POST bodies are both this table, so a verb has
/// one spelling wherever it travels as JSON; a new player command costs one row here.
public struct PlayerVerb: Sendable {
    public let name: String
    /// Whether the web remote passes it on. Only `quit` is kept for the user's own shell: a
    /// phone on the network may steer the jukebox, not end it.
    public let offeredOnTheWeb: Bool
    /// Reads the object's fields into the command; unknown fields are ignored, so a newer
    /// client's additions do not break an older player.
    public let read: @Sendable (JSONValue) throws(PlayerVerbError) -> PlayerCommand
    /// The fields when this verb writes `command`; nil when it is not this verb's.
    public let write: @Sendable (PlayerCommand) -> [(String, JSONValue)]?

    /// A verb with no fields.
    static func plain(_ name: String, _ command: PlayerCommand, offeredOnTheWeb: Bool = true) -> PlayerVerb {
        PlayerVerb(
            name: name, offeredOnTheWeb: offeredOnTheWeb, read: { _ in command },
            write: { $0 == command ? [] : nil })
    }

    /// Every verb, in the order the protocols list them.
    public static let table: [PlayerVerb] = [
        .plain("pause", .pause),
        .plain("resume", .resume),
        .plain("toggle", .toggle),
        .plain("next", .next),
        .plain("previous", .previous),
        .plain("stop", .stop),
        PlayerVerb(name: "seek", offeredOnTheWeb: true, read: readSeek, write: writeSeek),
        PlayerVerb(name: "disc", offeredOnTheWeb: true, read: readDisc, write: writeDisc),
        PlayerVerb(name: "play", offeredOnTheWeb: true, read: readPlay, write: writePlay),
        PlayerVerb(name: "track", offeredOnTheWeb: true, read: readTrack, write: writeTrack),
        PlayerVerb(name: "volume", offeredOnTheWeb: true, read: readVolume, write: writeVolume),
        PlayerVerb(name: "sleep", offeredOnTheWeb: true, read: readSleep, write: writeSleep),
        PlayerVerb(name: "shuffle", offeredOnTheWeb: true, read: readShuffle, write: writeShuffle),
        .plain("quit", .quit, offeredOnTheWeb: false),
    ]

    public static func named(_ name: String) -> PlayerVerb? {
        table.first { $0.name == name }
    }

    /// The verb's name and fields for `command`; nil for a command no wire carries (a new wallet).
    public static func wire(_ command: PlayerCommand) -> (name: String, fields: [(String, JSONValue)])? {
        for verb in table {
            if let fields = verb.write(command) { return (verb.name, fields) }
        }
        return nil
    }
}

/// Why an object's fields are not the verb's: one line, naming the field and what it takes.
public struct PlayerVerbError: Error, Sendable, Hashable {
    public let message: String

    init(_ message: String) {
        self.message = message
    }
}

extension PlayerVerb {
    private static func readTrack(_ json: JSONValue) throws(PlayerVerbError) -> PlayerCommand {
        guard let number = json["track"]?.intValue, number >= 1 else {
            throw PlayerVerbError("track needs \"track\": a track number (1, 2, …)")
        }
        return .track(number)
    }

    private static func writeTrack(_ command: PlayerCommand) -> [(String, JSONValue)]? {
        guard case .track(let number) = command else { return nil }
        return [("track", .int(number))]
    }

    /// A number is a level whatever its sign (-3 is out of range, not a step down), as the text
    /// "40" is; steps and the rest are the words of `cdwally volume`.
    private static func readVolume(_ json: JSONValue) throws(PlayerVerbError) -> PlayerCommand {
        if let level = json["change"]?.intValue { return .volume(.set(level)) }
        guard let text = json["change"]?.stringValue, let change = VolumeChange(text: text) else {
            throw PlayerVerbError(
                "volume needs \"change\": a level (40 or \"40\"), \"+5\", \"-5\", \"mute\", \"unmute\" or \"toggle-mute\""
            )
        }
        return .volume(change)
    }

    /// A level below 0 (refused by the player, but a command all the same) is written as a
    /// number: as text, "-3" reads back as a step down.
    private static func writeVolume(_ command: PlayerCommand) -> [(String, JSONValue)]? {
        switch command {
        case .volume(.set(let level)) where level < 0: [("change", .int(level))]
        case .volume(let change): [("change", .string(change.text))]
        default: nil
        }
    }

    private static func readSleep(_ json: JSONValue) throws(PlayerVerbError) -> PlayerCommand {
        guard let text = json["for"]?.stringValue, let request = SleepRequest(text: text) else {
            throw PlayerVerbError(
                "sleep needs \"for\": a time up to 24h such as \"30m\" or \"1h\", \"end-of-disc\" or \"off\"")
        }
        return .sleep(request)
    }

    private static func writeSleep(_ command: PlayerCommand) -> [(String, JSONValue)]? {
        guard case .sleep(let request) = command else { return nil }
        return [("for", .string(request.text))]
    }

    /// `"on": true` or `false`; without it, a toggle.
    private static func readShuffle(_ json: JSONValue) throws(PlayerVerbError) -> PlayerCommand {
        guard let on = json["on"], on != .null else { return .shuffle(nil) }
        guard let value = on.boolValue else {
            throw PlayerVerbError("shuffle takes \"on\": true or false, or nothing to toggle")
        }
        return .shuffle(value)
    }

    private static func writeShuffle(_ command: PlayerCommand) -> [(String, JSONValue)]? {
        guard case .shuffle(let on) = command else { return nil }
        return on.map { [("on", .bool($0))] } ?? []
    }

    /// A relative seek stays relative all the way to the engine, where the real place is known,
    /// so that two sent at once add up.
    private static func readSeek(_ json: JSONValue) throws(PlayerVerbError) -> PlayerCommand {
        let relative = try flag("relative", in: json)
        guard let seconds = json["seconds"]?.doubleValue, SeekTarget.accepts(seconds),
            relative || seconds >= 0
        else {
            throw PlayerVerbError(
                "seek needs \"seconds\": from the track's start, or a step of at most 10000000 either way with \"relative\": true"
            )
        }
        return .seek(relative ? .relative(seconds) : .absolute(seconds))
    }

    private static func writeSeek(_ command: PlayerCommand) -> [(String, JSONValue)]? {
        switch command {
        case .seek(.relative(let seconds)): [("seconds", .double(seconds)), ("relative", .bool(true))]
        case .seek(.absolute(let seconds)): [("seconds", .double(seconds)), ("relative", .bool(false))]
        default: nil
        }
    }

    /// `disc` is `play` of another disc where it was left, or the next, previous or a random one.
    private static func readDisc(_ json: JSONValue) throws(PlayerVerbError) -> PlayerCommand {
        let value = json["disc"]
        if let position = value?.intValue, position >= 1 { return .play(disc: position, fromStart: false) }
        switch value?.stringValue {
        case "next": return .nextDisc
        case "previous": return .previousDisc
        case "random": return .randomDisc
        default:
            throw PlayerVerbError(
                "disc needs \"disc\": a disc number (1, 2, …), \"next\", \"previous\" or \"random\"")
        }
    }

    private static func writeDisc(_ command: PlayerCommand) -> [(String, JSONValue)]? {
        switch command {
        case .play(let position?, fromStart: false): [("disc", .int(position))]
        case .nextDisc: [("disc", .string("next"))]
        case .previousDisc: [("disc", .string("previous"))]
        case .randomDisc: [("disc", .string("random"))]
        default: nil
        }
    }

    private static func readPlay(_ json: JSONValue) throws(PlayerVerbError) -> PlayerCommand {
        let disc: Int?
        switch json["disc"] {
        case nil, .null?: disc = nil
        case let value?:
            guard let position = value.intValue, position >= 1 else {
                throw PlayerVerbError("play's \"disc\" must be a disc number (1, 2, …) or null")
            }
            disc = position
        }
        return .play(disc: disc, fromStart: try flag("fromStart", in: json))
    }

    private static func writePlay(_ command: PlayerCommand) -> [(String, JSONValue)]? {
        guard case .play(let disc, let fromStart) = command else { return nil }
        return [("disc", .int(disc)), ("fromStart", .bool(fromStart))]
    }

    /// An optional boolean field, false when absent or null.
    private static func flag(_ name: String, in json: JSONValue) throws(PlayerVerbError) -> Bool {
        switch json[name] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        default: throw PlayerVerbError("\"\(name)\" must be true or false")
        }
    }
}
