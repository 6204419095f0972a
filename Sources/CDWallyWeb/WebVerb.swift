import CDWallyCore
import CDWallyPlayer

/// The web remote's words for the player's verbs: the only commands `POST /api/v1/commands`
/// passes on (docs/PRODUCT.md §6). Nothing else reaches the player, never an mpv command.
enum WebVerb: String, CaseIterable, Sendable {
    case play, pause, resume, toggle, stop, next, previous, track, seek, disc, volume, sleep
    case nextDisc = "next-disc"
    case previousDisc = "previous-disc"
    case randomDisc = "random-disc"

    /// The player command for `name` with `args`, or a one-line reason it is not one.
    static func command(name: String, args: [JSONValue]) throws(WebRequestError) -> PlayerCommand {
        guard let verb = WebVerb(rawValue: name) else {
            throw .badCommand(
                "unknown command '\(ShownText.excerpt(name))'; known: \(WebVerb.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return try verb.command(args)
    }

    /// The verbs that take no arguments, and what each asks of the player.
    private static let plain: [WebVerb: PlayerCommand] = [
        .pause: .pause, .resume: .resume, .toggle: .toggle, .stop: .stop, .next: .next, .previous: .previous,
        .nextDisc: .nextDisc, .previousDisc: .previousDisc, .randomDisc: .randomDisc,
    ]

    private func command(_ args: [JSONValue]) throws(WebRequestError) -> PlayerCommand {
        if let command = WebVerb.plain[self] {
            try expect(count: 0...0, args)
            return command
        }
        switch self {
        case .play:
            try expect(count: 0...2, args)
            let disc = args.first.flatMap(\.intValue)
            if !args.isEmpty && args[0] != .null && disc == nil {
                throw .badCommand("play takes a disc number")
            }
            return .play(disc: try disc.map(position), fromStart: args.count > 1 && args[1].boolValue == true)
        case .disc:
            try expect(count: 1...2, args)
            guard let disc = args[0].intValue else { throw .badCommand("disc takes a disc number, e.g. [3]") }
            return .play(disc: try position(disc), fromStart: args.count > 1 && args[1].boolValue == true)
        case .track:
            try expect(count: 1...1, args)
            guard let number = args[0].intValue else {
                throw .badCommand("track takes a track number, e.g. [3]")
            }
            guard number >= 1 else { throw .badCommand("track numbers start at 1") }
            return .track(number)
        case .seek:
            try expect(count: 1...1, args)
            // A number is seconds from the start; a string "+10" / "-10" is relative.
            if let seconds = args[0].doubleValue, seconds >= 0, SeekTarget.accepts(seconds) {
                return .seek(.absolute(seconds))
            }
            if let text = args[0].stringValue, let first = text.first, first == "+" || first == "-",
                let seconds = Double(text), SeekTarget.accepts(seconds)
            {
                return .seek(.relative(seconds))
            }
            throw .badCommand(
                "seek takes seconds from the start (e.g. 90) or a step as text (\"+10\", \"-10\")")
        case .volume:
            // A number is a level, whatever its sign (-3 is out of range, not a step down);
            // steps and the rest are the words of `cdwally volume` ("+5", "-5", "mute"…).
            try expect(count: 1...1, args)
            if let level = args[0].intValue { return .volume(.set(Int(level))) }
            guard let change = args[0].stringValue.flatMap(VolumeChange.init(text:)) else {
                throw .badCommand(
                    "volume takes a level (e.g. 40), \"+5\", \"-5\", \"mute\", \"unmute\" or \"toggle-mute\"")
            }
            return .volume(change)
        case .sleep:
            try expect(count: 1...1, args)
            guard let request = args[0].stringValue.flatMap(SleepRequest.init(text:)) else {
                throw .badCommand(
                    "sleep takes a time up to 24h (\"30m\", \"1h\"), \"end-of-disc\" or \"off\"")
            }
            return .sleep(request)
        default:
            preconditionFailure("\(self) is in WebVerb.plain")
        }
    }

    private func expect(count: ClosedRange<Int>, _ args: [JSONValue]) throws(WebRequestError) {
        guard count.contains(args.count) else {
            let wanted =
                count.upperBound == 0
                ? "no arguments" : "\(count.lowerBound) to \(count.upperBound) arguments"
            throw .badCommand("\(rawValue) takes \(wanted), got \(args.count)")
        }
    }

    private func position(_ disc: Int) throws(WebRequestError) -> Int {
        guard disc >= 1 else { throw .badCommand("disc numbers start at 1") }
        return disc
    }
}
