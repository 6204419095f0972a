import CDWallyCore
import CDWallyPlayer

/// One verb of the control protocol: its name on the wire, how its fields read into a
/// player command, and how such a command is written back. The table is the protocol's
/// whole vocabulary; a new player command costs one row here.
struct ControlVerb: Sendable {
    let name: String
    /// Reads the request's fields into the command.
    let read: @Sendable (JSONValue) throws(ControlFailure) -> PlayerCommand
    /// The request's fields when this verb writes `command`; nil when it is not this verb's.
    let write: @Sendable (PlayerCommand) -> [(String, JSONValue)]?

    /// A verb with no fields.
    static func plain(_ name: String, _ command: PlayerCommand) -> ControlVerb {
        ControlVerb(name: name, read: { _ in command }, write: { $0 == command ? [] : nil })
    }

    /// Every verb but `status`, in the order the protocol lists them.
    static let table: [ControlVerb] = [
        .plain("pause", .pause),
        .plain("resume", .resume),
        .plain("toggle", .toggle),
        .plain("next", .next),
        .plain("previous", .previous),
        .plain("stop", .stop),
        ControlVerb(name: "seek", read: readSeek, write: writeSeek),
        ControlVerb(name: "disc", read: readDisc, write: writeDisc),
        ControlVerb(name: "play", read: readPlay, write: writePlay),
        ControlVerb(name: "track", read: readTrack, write: writeTrack),
        ControlVerb(name: "volume", read: readVolume, write: writeVolume),
        ControlVerb(name: "sleep", read: readSleep, write: writeSleep),
        .plain("quit", .quit),
    ]

    static func named(_ name: String) -> ControlVerb? {
        table.first { $0.name == name }
    }

    private static func readTrack(_ json: JSONValue) throws(ControlFailure) -> PlayerCommand {
        guard let number = json["track"]?.intValue else {
            throw .badRequest("track needs \"track\": a track number (1, 2, …)")
        }
        return .track(number)
    }

    private static func writeTrack(_ command: PlayerCommand) -> [(String, JSONValue)]? {
        guard case .track(let number) = command else { return nil }
        return [("track", .int(number))]
    }

    private static func readVolume(_ json: JSONValue) throws(ControlFailure) -> PlayerCommand {
        guard let text = json["change"]?.stringValue, let change = VolumeChange(text: text) else {
            throw .badRequest("volume needs \"change\": a level, +N, -N, mute, unmute or toggle-mute")
        }
        return .volume(change)
    }

    private static func writeVolume(_ command: PlayerCommand) -> [(String, JSONValue)]? {
        guard case .volume(let change) = command else { return nil }
        return [("change", .string(change.text))]
    }

    private static func readSleep(_ json: JSONValue) throws(ControlFailure) -> PlayerCommand {
        guard let text = json["for"]?.stringValue, let request = SleepRequest(text: text) else {
            throw .badRequest("sleep needs \"for\": a time up to 24h such as 30m or 1h, end-of-disc or off")
        }
        return .sleep(request)
    }

    private static func writeSleep(_ command: PlayerCommand) -> [(String, JSONValue)]? {
        guard case .sleep(let request) = command else { return nil }
        return [("for", .string(request.text))]
    }

    private static func readSeek(_ json: JSONValue) throws(ControlFailure) -> PlayerCommand {
        guard let seconds = json["seconds"]?.doubleValue, SeekTarget.accepts(seconds) else {
            throw .badRequest("seek needs \"seconds\", a number of at most 10000000 either way")
        }
        return .seek(try flag("relative", in: json) ? .relative(seconds) : .absolute(seconds))
    }

    private static func writeSeek(_ command: PlayerCommand) -> [(String, JSONValue)]? {
        switch command {
        case .seek(.relative(let seconds)): [("seconds", .double(seconds)), ("relative", .bool(true))]
        case .seek(.absolute(let seconds)): [("seconds", .double(seconds)), ("relative", .bool(false))]
        default: nil
        }
    }

    /// `disc` is `play` of another disc where it was left, or the next, previous or a random one.
    private static func readDisc(_ json: JSONValue) throws(ControlFailure) -> PlayerCommand {
        let value = json["disc"]
        if let position = value?.intValue { return .play(disc: position, fromStart: false) }
        switch value?.stringValue {
        case "next": return .nextDisc
        case "previous": return .previousDisc
        case "random": return .randomDisc
        default: throw .badRequest("disc needs \"disc\": a number, \"next\", \"previous\" or \"random\"")
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

    private static func readPlay(_ json: JSONValue) throws(ControlFailure) -> PlayerCommand {
        let disc: Int?
        switch json["disc"] {
        case nil, .null?: disc = nil
        case let value?:
            guard let position = value.intValue else {
                throw .badRequest("play's \"disc\" must be an integer or null")
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
    private static func flag(_ name: String, in json: JSONValue) throws(ControlFailure) -> Bool {
        switch json[name] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        default: throw .badRequest("\"\(name)\" must be true or false")
        }
    }
}
