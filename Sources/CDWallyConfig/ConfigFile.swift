import CDWallyCore
import Foundation

/// The settings a user wrote in `config.toml` (docs/PRODUCT.md §8): `library`, `playlist`,
/// `capacity`, `state_dir`, `[player]` (`audio_device`, `then`, `repeat`, `replaygain`, `on_start`,
/// `mixer`, `volume_max`, `volume_limit`, `volume_min`, `start_volume`),
/// `[player.mpv]` (any mpv option), `[keys]` (evdev key → action, and `[keys.long]` for long
/// presses), `[knob]` (`axis`, `reverse`), `[web]` (`listen`, `hosts`), `[display]` (`cover`)
/// and `[cards]` (`reader`, `card_again`, card number → verb). Values are checked here so a mistake is reported with its file, line and key
/// before anything runs.
public struct ConfigFile: Sendable, Equatable {
    public struct Setting<Value: Sendable & Equatable>: Sendable, Equatable {
        public var value: Value
        public var line: Int
    }

    public var path: String
    public var library: Setting<String>?
    public var playlist: Setting<String>?
    public var capacity: Setting<Int>?
    /// Where resume points, listens and the other state live instead of `$XDG_STATE_HOME/cdwally`:
    /// a folder on a disk that survives a reboot, such as the music disk under an overlay root.
    public var stateDir: Setting<String>?
    public var audioDevice: Setting<String>?
    public var then: Setting<String>?
    /// `--then next` loops from the last disc to the first instead of stopping there.
    public var repeatWallet: Setting<Bool>?
    /// What `serve` does at start: "restore" plays on what was playing when the last player
    /// ended; "idle" always waits to be told.
    public var onStart: Setting<String>?
    /// Which mixer the volume turns: "software" (mpv's) or "hardware" (the output's own).
    public var mixer: Setting<String>?
    /// The highest volume level, 100 or more (mpv's `volume-max`).
    public var volumeMax: Setting<Int>?
    /// The highest level any door may set, 0…`volume_max` (docs/PRODUCT.md §11, "A volume a
    /// child cannot blast"): a level asked above it is set to it.
    public var volumeLimit: Setting<Int>?
    /// The lowest level any door may set: a level asked below it is raised to it.
    public var volumeMin: Setting<Int>?
    /// The level `serve` starts at, unmuted, whatever it was when it stopped.
    public var startVolume: Setting<Int>?
    public var replayGain: Setting<String>?
    /// mpv options in the order written.
    public var mpvOptions: [(key: String, value: String)] = []
    /// Where `serve` and `play` run the web remote: `[ADDR:]PORT` (docs/PRODUCT.md §6).
    public var webListen: Setting<String>?
    /// More names the web remote answers to (a DNS name of the box), besides its own.
    public var webHosts: Setting<[String]>?
    /// Whether `play`'s display shows the disc's cover (where the terminal can).
    public var displayCover: Setting<Bool>?
    /// `[cards] reader`: the card readers, each a device path or a device name (a string or a
    /// list of them).
    public var cardReaders: Setting<[String]>?
    /// evdev key name → action name, in the order written.
    public var keys: [(key: String, action: String, line: Int)] = []
    /// `[keys.long]`: evdev key name → the action of holding that key, in the order written.
    public var longKeys: [(key: String, action: String, line: Int)] = []
    /// `[knob] axis`: the relative axis the rotary knob sends (`REL_X`); nil for the defaults.
    public var knobAxis: Setting<String>?
    /// `[knob] reverse`: a positive detent lowers the volume.
    public var knobReverse: Setting<Bool>?
    /// What the same card read again does while its album is the current disc: "toggle",
    /// "restart" or "ignore" (docs/PRODUCT.md §11).
    public var cardAgain: Setting<String>?
    /// `[cards] sounds`: the built-in short sounds for an unknown or a refused card.
    public var cardSounds: Setting<Bool>?
    /// `[cards] unknown_sound`, `refused_sound`: a sound file of the user's instead.
    public var unknownCardSound: Setting<String>?
    public var refusedCardSound: Setting<String>?
    /// Command cards: a card number (checked here) → the words of a verb (checked where the
    /// verbs are known, at the player's start), in the order written.
    public var cards: [(number: String, action: String, line: Int)] = []
    /// Keys cdwally does not know, as "file:line: unknown key x": kept as warnings, not errors,
    /// so a config written for a newer cdwally still loads.
    public var warnings: [String] = []

    public static let endOfDiscActions = ["stop", "next", "random"]
    public static let replayGainModes = ["album", "track", "off", "no"]
    public static let startActions = ["restore", "idle"]
    public static let mixers = ["software", "hardware"]
    public static let cardAgainActions = ["toggle", "restart", "ignore"]

    /// Loads and checks a config file. Paths in it may start with `~`; relative ones are
    /// relative to the file's folder.
    public static func load(path: String, home: String) throws(ConfigError) -> ConfigFile {
        let text: String
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let decoded = String(data: data, encoding: .utf8) else {
                throw ConfigError.unreadable(file: path, reason: "not UTF-8 text")
            }
            text = decoded
        } catch let error as ConfigError {
            throw error
        } catch {
            throw ConfigError.unreadable(file: path, reason: ConfigFile.reason(error))
        }
        return try parse(text, path: path, home: home)
    }

    /// The settings written before any [section].
    static let topLevelKeys: Set<String> = ["library", "playlist", "capacity", "state_dir"]

    public static func parse(_ text: String, path: String, home: String) throws(ConfigError) -> ConfigFile {
        let table: TOMLTable
        do {
            table = try TOMLReader.parse(text)
        } catch {
            throw ConfigError.syntax(file: path, line: error.line, message: error.message)
        }
        var config = ConfigFile(path: path)
        var reader = ConfigTableReader(
            file: path, home: home, folder: (path as NSString).deletingLastPathComponent)
        for item in table.items {
            switch item.key {
            case "library": config.library = try reader.path(item)
            case "playlist": config.playlist = try reader.path(item)
            case "capacity": config.capacity = try reader.count(item)
            case "state_dir": config.stateDir = try reader.path(item)
            case "player": try config.readPlayer(item, reader: &reader)
            case "web": try config.readWeb(item, reader: &reader)
            case "display": try config.readDisplay(item, reader: &reader)
            case "cards": try config.readCards(item, reader: &reader)
            case "keys": try config.readKeys(item, reader: &reader)
            case "knob": try config.readKnob(item, reader: &reader)
            default: reader.unknown(item)
            }
        }
        config.warnings = reader.warnings
        return config
    }

    private init(path: String) {
        self.path = path
    }

    private mutating func readPlayer(_ item: TOMLTable.Item, reader: inout ConfigTableReader)
        throws(ConfigError)
    {
        for entry in try reader.table(item).items {
            switch entry.key {
            case "audio_device": audioDevice = try reader.string(entry, prefix: "player.")
            case "then": then = try reader.choice(entry, prefix: "player.", from: ConfigFile.endOfDiscActions)
            case "repeat": repeatWallet = try reader.flag(entry, prefix: "player.")
            case "mixer": mixer = try reader.choice(entry, prefix: "player.", from: ConfigFile.mixers)
            case "volume_max":
                let setting = try reader.count(entry)
                guard (100...1000).contains(setting.value) else {
                    throw reader.invalid(entry, prefix: "player.", "must be a whole number from 100 to 1000")
                }
                volumeMax = setting
            case "on_start":
                onStart = try reader.choice(entry, prefix: "player.", from: ConfigFile.startActions)
            case "replaygain":
                replayGain = try reader.choice(entry, prefix: "player.", from: ConfigFile.replayGainModes)
            case "mpv":
                for option in try reader.table(entry).items {
                    guard let text = option.value.plainText else {
                        throw reader.invalid(
                            option, prefix: "player.mpv.", "must be a string, number or boolean")
                    }
                    mpvOptions.append((option.key, text))
                }
            case "volume_limit": volumeLimit = try Self.level(entry, reader: reader)
            case "volume_min": volumeMin = try Self.level(entry, reader: reader)
            case "start_volume": startVolume = try Self.level(entry, reader: reader)
            default: reader.unknown(entry, prefix: "player.")
            }
        }
        try checkVolumeBounds()
    }

    /// A volume level, 0 or more; its upper bound is `checkVolumeBounds`'s.
    private static func level(_ entry: TOMLTable.Item, reader: ConfigTableReader) throws(ConfigError)
        -> Setting<Int>
    {
        guard case .integer(let number) = entry.value, number >= 0 else {
            throw reader.invalid(entry, prefix: "player.", "must be a whole number, a volume level from 0")
        }
        return Setting(value: number, line: entry.line)
    }

    /// The three levels against each other and `volume_max`, once all are read: the file may
    /// give them in any order.
    private func checkVolumeBounds() throws(ConfigError) {
        let maximum = volumeMax?.value ?? 100
        func invalid(_ setting: Setting<Int>, _ key: String, _ message: String) -> ConfigError {
            .invalidValue(file: path, line: setting.line, key: "player." + key, message: message)
        }
        if let limit = volumeLimit, limit.value > maximum {
            throw invalid(limit, "volume_limit", "must be a whole number from 0 to volume_max (\(maximum))")
        }
        let top = volumeLimit?.value ?? maximum
        if let floor = volumeMin, floor.value > top {
            let bound = volumeLimit == nil ? "volume_max" : "volume_limit"
            throw invalid(floor, "volume_min", "must be a whole number from 0 to \(bound) (\(top))")
        }
        let bottom = volumeMin?.value ?? 0
        if let start = startVolume, !(bottom...top).contains(start.value) {
            let low = volumeMin == nil ? "0" : "volume_min (\(bottom))"
            let high = volumeLimit == nil ? "volume_max (\(top))" : "volume_limit (\(top))"
            throw invalid(start, "start_volume", "must be a whole number from \(low) to \(high)")
        }
    }

    /// `[keys]`, whose values are action names, and its `long` table of long presses: the TOML
    /// reads `[keys.long]` and `long.KEY_NEXTSONG = …` inside `[keys]` the same.
    private mutating func readKeys(_ item: TOMLTable.Item, reader: inout ConfigTableReader)
        throws(ConfigError)
    {
        for key in try reader.table(item).items {
            if key.key == "long", case .table(let long) = key.value {
                for entry in long.items {
                    longKeys.append(
                        (entry.key, try reader.string(entry, prefix: "keys.long.").value, entry.line))
                }
            } else {
                keys.append((key.key, try reader.string(key, prefix: "keys.").value, key.line))
            }
        }
    }

    private mutating func readKnob(_ item: TOMLTable.Item, reader: inout ConfigTableReader)
        throws(ConfigError)
    {
        for entry in try reader.table(item).items {
            switch entry.key {
            case "axis": knobAxis = try reader.string(entry, prefix: "knob.")
            case "reverse": knobReverse = try reader.flag(entry, prefix: "knob.")
            default: reader.unknown(entry, prefix: "knob.")
            }
        }
    }

    private mutating func readWeb(_ item: TOMLTable.Item, reader: inout ConfigTableReader) throws(ConfigError)
    {
        for entry in try reader.table(item).items {
            switch entry.key {
            case "listen": webListen = try reader.string(entry, prefix: "web.")
            case "hosts": webHosts = try reader.strings(entry, prefix: "web.")
            default: reader.unknown(entry, prefix: "web.")
            }
        }
    }

    private mutating func readDisplay(_ item: TOMLTable.Item, reader: inout ConfigTableReader)
        throws(ConfigError)
    {
        for entry in try reader.table(item).items {
            switch entry.key {
            case "cover": displayCover = try reader.flag(entry, prefix: "display.")
            default: reader.unknown(entry, prefix: "display.")
            }
        }
    }

    /// `[cards]`: `reader` (`readCardReader`), `card_again`, the sounds, and every other key a card number
    /// whose value is a verb's words.
    private mutating func readCards(_ item: TOMLTable.Item, reader: inout ConfigTableReader)
        throws(ConfigError)
    {
        for entry in try reader.table(item).items {
            switch entry.key {
            case "reader":
                cardReaders = try Self.readCardReader(entry, reader: reader)
                continue
            case "card_again":
                cardAgain = try reader.choice(entry, prefix: "cards.", from: ConfigFile.cardAgainActions)
                continue
            case "sounds":
                cardSounds = try reader.flag(entry, prefix: "cards.")
                continue
            case "unknown_sound":
                unknownCardSound = try reader.path(entry, prefix: "cards.")
                continue
            case "refused_sound":
                refusedCardSound = try reader.path(entry, prefix: "cards.")
                continue
            default: break
            }
            let number: CardNumber
            do throws(CardNumber.Problem) {
                number = try CardNumber(validating: entry.key)
            } catch {
                throw reader.invalid(
                    entry, prefix: "cards.",
                    "is no card number (\(error)) and no setting (reader, card_again, sounds, unknown_sound, refused_sound)"
                )
            }
            cards.append((number.text, try reader.string(entry, prefix: "cards.").value, entry.line))
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(posix.code)))
        }
        return nsError.localizedDescription
    }

    public static func == (lhs: ConfigFile, rhs: ConfigFile) -> Bool {
        lhs.path == rhs.path && lhs.library == rhs.library && lhs.playlist == rhs.playlist
            && lhs.capacity == rhs.capacity && lhs.stateDir == rhs.stateDir
            && lhs.audioDevice == rhs.audioDevice && lhs.then == rhs.then
            && lhs.repeatWallet == rhs.repeatWallet && lhs.onStart == rhs.onStart && lhs.mixer == rhs.mixer
            && lhs.volumeMax == rhs.volumeMax && lhs.volumeLimit == rhs.volumeLimit
            && lhs.volumeMin == rhs.volumeMin && lhs.startVolume == rhs.startVolume
            && lhs.replayGain == rhs.replayGain && lhs.warnings == rhs.warnings
            && lhs.webListen == rhs.webListen && lhs.webHosts == rhs.webHosts
            && lhs.displayCover == rhs.displayCover && lhs.cardReaders == rhs.cardReaders
            && lhs.mpvOptions.elementsEqual(rhs.mpvOptions, by: { $0 == $1 })
            && lhs.keys.elementsEqual(rhs.keys, by: { $0 == $1 })
            && lhs.cardAgain == rhs.cardAgain && lhs.cards.elementsEqual(rhs.cards, by: { $0 == $1 })
            && lhs.cardSounds == rhs.cardSounds && lhs.unknownCardSound == rhs.unknownCardSound
            && lhs.refusedCardSound == rhs.refusedCardSound
    }
}
