import CDWallyCore
import CDWallyQuickClient
import CDWallyVocabulary

extension ControlRequest {
    /// The host's own verbs, beside the player's (`PlayerVerb.table`).
    static let hostVerbs: [(name: String, request: ControlRequest)] = [
        ("status", .status), ("quit", .quit), ("follow", .follow),
    ]

    static let cardReadName = "card-read"
    static let nextCardName = "next-card"
    static let commandLineName = "command-line"
    /// The most words a `command-line` request carries, the small client's.
    static let commandLineWords = QuickRequest.maximumWords

    /// How long `next-card` waits when the request does not say.
    public static let nextCardSeconds = 60
    /// How long a `next-card` may ask to wait.
    public static let nextCardSecondsRange = 1...3600

    /// The `command` value on the wire.
    var commandName: String {
        switch self {
        case .status: "status"
        case .follow: "follow"
        case .quit: "quit"
        case .album: PlayerVerb.disc.name
        case .cardRead: Self.cardReadName
        case .nextCard: Self.nextCardName
        case .commandLine: Self.commandLineName
        case .command(let command): PlayerVerb.wire(command)?.name ?? "\(command)"
        }
    }

    /// The request as the protocol writes it.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("version", .int(ControlProtocol.version)), ("command", .string(commandName)),
        ]
        switch self {
        case .command(let command): members += PlayerVerb.wire(command)?.fields ?? []
        case .album(let id, let fromStart):
            members += [("album", .string(id.rawValue)), ("fromStart", .bool(fromStart))]
        case .cardRead(let number): members.append(("card", .string(number.text)))
        case .nextCard(let seconds, let pid):
            members.append(("seconds", .int(seconds)))
            if let pid { members.append(("pid", .int(Int(pid)))) }
        case .commandLine(let words): members.append(("arguments", .array(words.map { .string($0) })))
        case .status, .quit, .follow: break
        }
        return .object(members)
    }

    /// Reads one request line. What it throws is the error answer to send back.
    init(line: [UInt8]) throws(ControlFailure) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: line)
        } catch {
            throw .badRequest("the line is \(error)")
        }
        try self.init(json: json)
    }

    /// Reads a parsed request: a version this build speaks, a known command and its fields.
    /// Unknown fields are ignored, so a newer client's additions do not break an older player.
    init(json: JSONValue) throws(ControlFailure) {
        guard case .object = json else { throw .badRequest("a request must be a JSON object") }
        guard let version = json["version"]?.intValue else {
            throw .badRequest("\"version\" must be an integer (this player speaks version 1)")
        }
        if version > ControlProtocol.version {
            throw ControlFailure(
                code: .unsupportedVersion,
                message: "protocol version \(version) is newer than this player speaks "
                    + "(\(ControlProtocol.version)); update the player or use an older client")
        }
        guard version >= 1 else { throw .badRequest("\"version\" must be 1 or more, not \(version)") }
        guard let name = json["command"]?.stringValue else {
            throw .badRequest("\"command\" must be a string")
        }
        if let host = Self.hostVerbs.first(where: { $0.name == name }) {
            self = host.request
        } else if name == Self.cardReadName {
            guard let text = json["card"]?.stringValue else {
                throw .badRequest("card-read needs \"card\": the card's number, as a string")
            }
            do throws(CardNumber.Problem) {
                self = .cardRead(try CardNumber(validating: text))
            } catch {
                throw .badRequest(error.description)
            }
        } else if name == Self.nextCardName {
            let seconds = json["seconds"]?.intValue ?? Self.nextCardSeconds
            let range = Self.nextCardSecondsRange
            guard range.contains(seconds) else {
                throw .badRequest(
                    "next-card's \"seconds\" must be a whole number from \(range.lowerBound) to \(range.upperBound)"
                )
            }
            let pid = json["pid"]?.intValue.flatMap { Int32(exactly: $0) }.flatMap { $0 > 0 ? $0 : nil }
            self = .nextCard(seconds: seconds, pid: pid)
        } else if name == Self.commandLineName {
            guard case .array(let items)? = json["arguments"], items.count <= Self.commandLineWords else {
                throw .badRequest(
                    "command-line needs \"arguments\": the words after `cdwally`, at most \(Self.commandLineWords)"
                )
            }
            let words = items.compactMap(\.stringValue)
            guard words.count == items.count else {
                throw .badRequest("command-line's \"arguments\" must be strings")
            }
            self = .commandLine(words)
        } else if name == PlayerVerb.disc.name, let album = json["album"] {
            guard let id = album.stringValue, !id.isEmpty else {
                throw .badRequest("disc's \"album\" must be an album id, as `cdwally albums` gives it")
            }
            guard case .bool(let fromStart)? = json["fromStart"] ?? .bool(false) else {
                throw .badRequest("\"fromStart\" must be true or false")
            }
            self = .album(AlbumID(rawValue: id), fromStart: fromStart)
        } else if let verb = PlayerVerb.named(name) {
            do {
                self = .command(try verb.read(json))
            } catch {
                throw .badRequest(error.message)
            }
        } else {
            let known =
                PlayerVerb.table.map(\.name) + Self.hostVerbs.map(\.name) + [
                    Self.cardReadName, Self.nextCardName, Self.commandLineName,
                ]
            throw ControlFailure(
                code: .unknownCommand,
                message:
                    "unknown command \"\(ShownText.excerpt(name))\"; known: \(known.joined(separator: ", "))")
        }
    }
}
