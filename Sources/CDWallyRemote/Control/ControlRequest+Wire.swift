import CDWallyCore

extension ControlRequest {
    /// The `command` value on the wire.
    var commandName: String {
        switch self {
        case .pause: "pause"
        case .resume: "resume"
        case .toggle: "toggle"
        case .next: "next"
        case .previous: "previous"
        case .stop: "stop"
        case .seek: "seek"
        case .disc: "disc"
        case .play: "play"
        case .status: "status"
        case .quit: "quit"
        }
    }

    /// The request as the protocol writes it.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("version", .int(ControlProtocol.version)), ("command", .string(commandName)),
        ]
        switch self {
        case .seek(let seconds, let relative):
            members += [("seconds", .double(seconds)), ("relative", .bool(relative))]
        case .disc(let choice):
            let disc: JSONValue =
                switch choice {
                case .number(let position): .int(position)
                case .next: .string("next")
                case .previous: .string("previous")
                case .random: .string("random")
                }
            members.append(("disc", disc))
        case .play(let disc, let fromStart):
            members += [("disc", .int(disc)), ("fromStart", .bool(fromStart))]
        default:
            break
        }
        return .object(members)
    }

    /// Reads one request line. What it throws is the error answer to send back.
    init(line: [UInt8]) throws(ControlFailure) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: line)
        } catch {
            throw Self.badRequest("the line is \(error)")
        }
        try self.init(json: json)
    }

    /// Reads a parsed request: a version this build speaks, a known command and its fields.
    /// Unknown fields are ignored, so a newer client's additions do not break an older player.
    init(json: JSONValue) throws(ControlFailure) {
        guard case .object = json else { throw Self.badRequest("a request must be a JSON object") }
        guard let version = json["version"]?.intValue else {
            throw Self.badRequest("\"version\" must be an integer (this player speaks version 1)")
        }
        if version > ControlProtocol.version {
            throw ControlFailure(
                code: .unsupportedVersion,
                message: "protocol version \(version) is newer than this player speaks "
                    + "(\(ControlProtocol.version)); update the player or use an older client")
        }
        guard version >= 1 else { throw Self.badRequest("\"version\" must be 1 or more, not \(version)") }
        guard let command = json["command"]?.stringValue else {
            throw Self.badRequest("\"command\" must be a string")
        }
        switch command {
        case "pause": self = .pause
        case "resume": self = .resume
        case "toggle": self = .toggle
        case "next": self = .next
        case "previous": self = .previous
        case "stop": self = .stop
        case "status": self = .status
        case "quit": self = .quit
        case "seek":
            guard let seconds = json["seconds"]?.doubleValue, seconds.isFinite else {
                throw Self.badRequest("seek needs \"seconds\", a number")
            }
            self = .seek(seconds: seconds, relative: try Self.flag("relative", in: json))
        case "disc":
            self = .disc(try Self.discChoice(json["disc"]))
        case "play":
            let disc: Int?
            switch json["disc"] {
            case nil, .null?: disc = nil
            case let value?:
                guard let position = value.intValue else {
                    throw Self.badRequest("play's \"disc\" must be an integer or null")
                }
                disc = position
            }
            self = .play(disc: disc, fromStart: try Self.flag("fromStart", in: json))
        default:
            throw ControlFailure(
                code: .unknownCommand,
                message: "unknown command \"\(command)\"; known: pause, resume, toggle, next, previous, "
                    + "stop, seek, disc, play, status, quit")
        }
    }

    private static func discChoice(_ value: JSONValue?) throws(ControlFailure) -> DiscChoice {
        if let position = value?.intValue { return .number(position) }
        switch value?.stringValue {
        case "next": return .next
        case "previous": return .previous
        case "random": return .random
        default:
            throw badRequest("disc needs \"disc\": a number, \"next\", \"previous\" or \"random\"")
        }
    }

    /// An optional boolean field, false when absent or null.
    private static func flag(_ name: String, in json: JSONValue) throws(ControlFailure) -> Bool {
        switch json[name] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        default: throw badRequest("\"\(name)\" must be true or false")
        }
    }

    private static func badRequest(_ message: String) -> ControlFailure {
        ControlFailure(code: .badRequest, message: "bad request: \(message)")
    }
}
