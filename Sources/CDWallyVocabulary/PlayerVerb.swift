import CDWallyCore

/// One verb of the player's vocabulary, the single source of what every front end knows of
/// it: its word (one spelling on every door; `aliases` keep older ones), which doors offer it,
/// its CLI abstract, the `[keys]` action names it gives media keys, and how the fields of a
/// JSON object read into a player command and back (the control socket's lines and the web
/// remote's POST bodies are both this table).
///
/// The front ends derive from it or are pinned to it by tests (`VerbRegistryTests`,
/// `MPRISBusTests.everyMethodIsAVerbMPRISOffers`): the CLI's control commands take their names
/// and abstracts here, `KeyActionName.table` is the key actions of every verb, the web passes
/// the verbs offered on it; the terminal's keys, MPRIS, both PROTOCOL.md tables and the man
/// page must list each verb their door offers.
public struct PlayerVerb: Sendable {
    /// The front ends that offer a verb.
    public struct Doors: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// A `cdwally` command of the verb's name.
        public static let cli = Doors(rawValue: 1 << 0)
        /// The control socket (every verb: the socket is the CLI's way in).
        public static let socket = Doors(rawValue: 1 << 1)
        /// The web remote's `POST /api/v1/commands`.
        public static let web = Doors(rawValue: 1 << 2)
        /// Media keys (`[keys]` action names, evdev), through `keys`.
        public static let keys = Doors(rawValue: 1 << 3)
        /// A key of `cdwally play`'s display (`KeyBinding.table`).
        public static let terminal = Doors(rawValue: 1 << 4)
        /// An MPRIS method or property.
        public static let mpris = Doors(rawValue: 1 << 5)

        /// Every door but the terminal and MPRIS: a plain new verb's.
        public static let wires: Doors = [.cli, .socket, .web, .keys]
    }

    /// A `[keys]` action name and the command a media key bound to it sends.
    public struct KeyAction: Sendable, Hashable {
        public let name: String
        public let command: PlayerCommand

        public init(_ name: String, _ command: PlayerCommand) {
            self.name = name
            self.command = command
        }
    }

    public let name: String
    /// Older spellings, still read on every door that reads words (the CLI, the socket, keys).
    public let aliases: [String]
    public let doors: Doors
    /// What `cdwally NAME --help` and the command list say of it.
    public let abstract: String
    /// The action names media keys may be bound to, each with its command (arguments fixed).
    public let keyActions: [KeyAction]
    /// Reads the object's fields into the command; unknown fields are ignored, so a newer
    /// client's additions do not break an older player.
    public let read: @Sendable (JSONValue) throws(PlayerVerbError) -> PlayerCommand
    /// The fields when this verb writes `command`; nil when it is not this verb's.
    public let write: @Sendable (PlayerCommand) -> [(String, JSONValue)]?
    /// The command when the verb takes no fields.
    public let plainCommand: PlayerCommand?

    init(
        _ name: String, aliases: [String] = [], doors: Doors, abstract: String, keys: [KeyAction] = [],
        read: @escaping @Sendable (JSONValue) throws(PlayerVerbError) -> PlayerCommand,
        write: @escaping @Sendable (PlayerCommand) -> [(String, JSONValue)]?,
        plainCommand: PlayerCommand? = nil
    ) {
        self.name = name
        self.aliases = aliases
        self.doors = doors
        self.abstract = abstract
        keyActions = keys
        self.read = read
        self.write = write
        self.plainCommand = plainCommand
    }

    /// A verb with no fields, and the one key action of its own name unless `keys` says.
    init(
        plain name: String, _ command: PlayerCommand, aliases: [String] = [], doors: Doors, abstract: String,
        keys: [KeyAction]? = nil
    ) {
        self.init(
            name, aliases: aliases, doors: doors, abstract: abstract,
            keys: keys ?? [KeyAction(name, command)],
            read: { _ in command }, write: { $0 == command ? [] : nil }, plainCommand: command)
    }

    // Every verb. A plain new verb is one row here (with `Doors.wires`), its `PlayerCommand`
    // case, its engine method, and its CLI declaration in `PlainControlCommands.swift`.
    public static let pause = PlayerVerb(
        plain: "pause", .pause, doors: [.wires, .mpris], abstract: "Pause the running player.")
    public static let resume = PlayerVerb(
        plain: "resume", .resume, doors: [.wires, .mpris],
        abstract: "Resume playing (a stopped player starts the disc played last).",
        keys: [KeyAction("play", .resume)])
    public static let toggle = PlayerVerb(
        plain: "toggle", .toggle, doors: [.wires, .terminal, .mpris],
        abstract: "Pause if playing, else play: the one command for a play/pause key.",
        keys: [KeyAction("play-pause", .toggle)])
    public static let next = PlayerVerb(
        plain: "next", .next, doors: [.wires, .terminal, .mpris], abstract: "Skip to the next track.")
    public static let previous = PlayerVerb(
        plain: "previous", .previous, aliases: ["prev"], doors: [.wires, .terminal, .mpris],
        abstract: "Go to the previous track within a track's first 3 seconds, else restart it.")
    public static let stop = PlayerVerb(
        plain: "stop", .stop, doors: [.wires, .terminal, .mpris],
        abstract: "Stop playback, keeping the disc's place (the player keeps running).")
    public static let seek = PlayerVerb(
        "seek", doors: [.wires, .terminal, .mpris],
        abstract: "Seek in the current track: +10 and -10 move, 90 or 1:30 jump to a place.",
        keys: [
            KeyAction("seek-forward", .seek(.relative(keySeekStep))),
            KeyAction("seek-backward", .seek(.relative(-keySeekStep))),
        ], read: readSeek, write: writeSeek)
    public static let disc = PlayerVerb(
        "disc", doors: [.wires, .terminal],
        abstract: "Change disc: a wallet position, next, previous, or random (one not played lately).",
        keys: [
            KeyAction("next-disc", .nextDisc), KeyAction("previous-disc", .previousDisc),
            // A disc not played lately.
            KeyAction("random-disc", .randomDisc),
        ], read: readDisc, write: writeDisc)
    /// `cdwally play N` with a player running hands the disc over with this verb.
    public static let play = PlayerVerb(
        "play", doors: [.cli, .socket, .web],
        abstract: "Play a disc from the wallet: the whole album, gapless.",
        read: readPlay, write: writePlay)
    public static let track = PlayerVerb(
        "track", doors: [.cli, .socket, .web], abstract: "Go to track N of the current disc, from its start.",
        read: readTrack, write: writeTrack)
    public static let volume = PlayerVerb(
        "volume", doors: [.wires, .terminal, .mpris],
        abstract: "Show or change the volume: 40, +5, -5, mute, unmute, toggle-mute.",
        keys: [
            KeyAction("volume-up", .volume(.by(keyVolumeStep))),
            KeyAction("volume-down", .volume(.by(-keyVolumeStep))),
            KeyAction("toggle-mute", .volume(.toggleMute)), KeyAction("mute", .volume(.mute)),
            KeyAction("unmute", .volume(.unmute)),
        ], read: readVolume, write: writeVolume)
    public static let sleep = PlayerVerb(
        "sleep", doors: [.cli, .socket, .web],
        abstract: "Set the sleep timer: 30m, 45 (minutes), 1h, end-of-disc, or off.", read: readSleep,
        write: writeSleep)
    public static let shuffle = PlayerVerb(
        "shuffle", doors: [.wires, .terminal, .mpris],
        abstract: "Play the current disc's tracks in an order drawn once: on, off, or toggle.",
        keys: [KeyAction("shuffle", .shuffle(nil))], read: readShuffle, write: writeShuffle)

    /// Every verb, in the order the protocols list them.
    public static let table: [PlayerVerb] = [
        pause, resume, toggle, next, previous, stop, seek, disc, play, track, volume, sleep, shuffle,
    ]

    /// Seconds a media key's fast-forward or rewind jumps.
    public static let keySeekStep = 10.0
    /// Volume points a media key's volume step moves.
    public static let keyVolumeStep = 5

    /// The verb spelled `name` or one of its older spellings.
    public static func named(_ name: String) -> PlayerVerb? {
        table.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The verb's name and fields for `command`. Every command has one.
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
