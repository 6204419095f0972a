import CDWallyConfig
import CDWallyControl
import CDWallyCore
import CDWallyKeys
import CDWallyLibrary
import CDWallyPlayer
import CDWallySystem
import CDWallyVocabulary
import CDWallyWeb
import Foundation

/// What `doctor` says about the box around the library (docs/PRODUCT.md §7): the audio output
/// and whether mpv offers it, the session bus MPRIS needs, the input devices with media keys
/// and whether this user can read them, the running player, and the web remote's address.
struct Health {
    struct Input {
        var path: String
        var name: String?
        var readable: Bool
        var problem: String?
    }

    var audioDevice: String
    /// nil when mpv could not be asked (libmpv missing); else whether it lists the device.
    var audioOffered: Bool?
    var audioProblem: String?
    var sessionBus: String?
    var inputs: [Input]
    /// The configured card readers (`[cards] reader`), each as it is now.
    var cardReaders: [CardReaderSurvey] = []
    /// The running player's state ("playing", "idle"…), or nil when none answers.
    var player: String?
    /// What the running player waits for (`PlayerStatus.waitingFor`), if anything.
    var playerWaitingFor: String?
    var web: String?
    /// The user's state folder, and the line that says it is lost at reboot, if it is.
    var stateFolder: String
    var stateNotice: String?
    /// The levels the config file allows (`volume_max`, `volume_limit`, `volume_min`) and the
    /// level a `serve` starts at (`start_volume`).
    var volume = VolumeBounds()

    /// The output the config file chooses, as a player started with no flags would use it, and
    /// whether mpv offers it (nil with the reason when mpv could not be asked).
    struct Audio: Sendable {
        var device: String
        var offered: Bool?
        var problem: String?
    }

    /// Asks mpv for its outputs: awaited, as mpv answers on its own thread.
    static func audio(settings: Settings) async -> Audio {
        let noFlags = (try? OutputOptions.parse([])) ?? OutputOptions()
        let configuration = noFlags.configuration(
            settings: settings, stateFolder: settings.stateFolder)
        let device = configuration.audioDevice ?? "auto"
        do {
            let devices = try await Player.audioDevices(configuration: configuration)
            return Audio(device: device, offered: devices.contains { $0.name == device })
        } catch {
            return Audio(device: device, problem: error.description)
        }
    }

    /// Looks around, the audio output included.
    static func check(settings: Settings) async -> Health {
        check(settings: settings, audio: await audio(settings: settings))
    }

    /// Looks around, given what mpv said of the output. `playerHere` and `webHere` are the
    /// player and web remote of this process (the web remote's doctor page), which need not
    /// be asked over the socket.
    static func check(
        settings: Settings, audio: Audio, playerHere: String? = nil, waitingForHere: String? = nil,
        webHere: String? = nil
    ) -> Health {
        let environment = settings.environment
        var player = playerHere
        var waitingFor = waitingForHere
        var web = webHere
        if player == nil, case .ok(let status)? = try? ControlLink.send(.status, environment: environment) {
            player = status.state.rawValue
            waitingFor = status.waitingFor
            // The running player says where its remote is (`serve --web` or the config file).
            if let setup = status.setup { web = setup.web }
        } else if player == nil {
            // No player: where one started now would listen.
            web = settings.config?.webListen.flatMap { try? WebListenAddress(parsing: $0.value).description }
        }
        return Health(
            audioDevice: audio.device, audioOffered: audio.offered, audioProblem: audio.problem,
            sessionBus: sessionBus(environment), inputs: inputs(),
            cardReaders: PlayerHost.cardReaders(settings).survey(), player: player,
            playerWaitingFor: waitingFor,
            web: web, stateFolder: settings.stateFolder, stateNotice: StateFolderNotice.line(settings),
            volume: volumeBounds(settings.config)
        )
    }

    /// The volume's bounds as the config file sets them (docs/PRODUCT.md §11).
    static func volumeBounds(_ config: ConfigFile?) -> VolumeBounds {
        VolumeBounds(
            maximum: config?.volumeMax?.value ?? 100, limit: config?.volumeLimit?.value,
            floor: config?.volumeMin?.value, start: config?.startVolume?.value)
    }

    /// What the running player waits for (`serve` with its library disk not mounted yet), if
    /// one runs and waits.
    static func runningPlayerWaitingFor(environment: [String: String]) -> String? {
        guard case .ok(let status)? = try? ControlLink.send(.status, environment: environment) else {
            return nil
        }
        return status.waitingFor
    }

    /// Where the session bus is, if there is one.
    private static func sessionBus(_ environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"] else { return nil }
        let socket = runtime + "/bus"
        return FileStatus.of(RawPath(socket)) != nil ? "unix:path=" + socket : nil
    }

    /// The evdev devices with a key of the default key map, and those this user cannot open.
    private static func inputs() -> [Input] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/input")) ?? []
        return names.filter { $0.hasPrefix("event") }.sorted {
            $0.compare($1, options: .numeric) == .orderedAscending
        }
        .compactMap { (name: String) -> Input? in
            let path = "/dev/input/" + name
            do {
                let device = try InputDevice(path: RawPath(path))
                defer { device.close() }
                guard device.hasMappedKey(in: .defaults) else { return nil }
                return Input(path: path, name: device.name, readable: true, problem: nil)
            } catch {
                return Input(path: path, name: nil, readable: false, problem: "\(error)")
            }
        }
    }

    func json() -> JSONValue {
        .object([
            (
                "audio",
                .object([
                    ("device", .string(audioDevice)), ("offered", audioOffered.map(JSONValue.bool) ?? .null),
                    ("problem", .string(audioProblem)),
                ])
            ),
            ("sessionBus", .string(sessionBus)),
            (
                "inputs",
                .array(
                    inputs.map {
                        .object([
                            ("path", .string($0.path)), ("name", .string($0.name)),
                            ("readable", .bool($0.readable)),
                            ("problem", .string($0.problem)),
                        ])
                    })
            ),
            (
                "cardReaders",
                .array(
                    cardReaders.map {
                        .object([
                            ("reader", .string($0.reader)), ("found", .array($0.found.map(JSONValue.string))),
                            ("problem", .string($0.problem)),
                        ])
                    })
            ),
            ("player", .string(player)),
            ("playerWaitingFor", .string(playerWaitingFor)),
            ("web", .string(web)),
            (
                "state",
                .object([("folder", .string(stateFolder)), ("lostAtReboot", .bool(stateNotice != nil))])
            ),
            (
                "volume",
                .object([
                    ("max", .int(volume.maximum)), ("limit", .int(volume.top)), ("min", .int(volume.bottom)),
                    ("start", .int(volume.start)),
                ])
            ),
        ])
    }

    /// The volume's line: the range a door may set, and where `serve` starts.
    private var volumeLine: String {
        let range =
            volume.top == volume.maximum && volume.bottom == 0
            ? "0 to \(volume.maximum)"
            : "\(volume.bottom) to \(volume.top) (volume_max \(volume.maximum))"
        let start = volume.start.map { "starts at \($0)" } ?? "starts at the level it was left at"
        return "\(range); \(start)"
    }

    /// The lines of the text report, section by section.
    func sections() -> [(title: String, first: String, rest: [String])] {
        let audio =
            audioProblem.map { "\(audioDevice): \($0)" }
            ?? "\(audioDevice)"
            + (audioOffered == false ? " (not among mpv's outputs; see list-devices)" : "")
        let keys =
            inputs.isEmpty ? "no device with media keys" : "\(inputs.count) with media keys or unreadable"
        return [
            ("Audio", audio, []),
            (
                "MPRIS",
                sessionBus.map { "session bus at \($0)" } ?? "no session bus: media keys need --input", []
            ),
            (
                "Input", keys,
                inputs.map { "\($0.path): " + ($0.readable ? $0.name ?? "" : $0.problem ?? "not readable") }
            ),
            (
                "Cards",
                cardReaders.isEmpty
                    ? "no card reader configured ([cards] reader)"
                    : cardReaders.count == 1
                        ? "1 card reader configured" : "\(cardReaders.count) card readers configured",
                cardReaders.map { "\($0.reader): " + ($0.problem ?? $0.found.joined(separator: ", ")) }
            ),
            (
                "Player",
                player.map { "running, \($0)" + (playerWaitingFor.map { ", waiting for \($0)" } ?? "") }
                    ?? "none running", []
            ),
            ("Web", web ?? "off (serve --web [addr:]port)", []),
            ("State", stateNotice ?? stateFolder, []),
            ("Volume", volumeLine, []),
        ]
    }
}
