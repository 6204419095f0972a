import CDWallyCore
import CDWallyVocabulary

/// The body of `POST /api/v1/commands`: a player verb spelled exactly as on the control
/// socket, `{"command": "disc", "disc": 3}`, without its `version`. `PlayerVerb.table` is the
/// only way in, less the verbs it keeps off the web; nothing else reaches the player, never an
/// mpv command. Kept apart from the route so that the fuzzer (Fuzz/Web/) reads bodies exactly
/// as the server does.
enum WebCommandBody {
    static func command(_ body: JSONValue) throws(WebRequestError) -> PlayerCommand {
        guard case .object = body, let name = body["command"]?.stringValue else {
            throw .badCommand("send a JSON object such as {\"command\": \"disc\", \"disc\": 3}")
        }
        // The first API's spelling, `"args": [3]`, would otherwise be ignored as an unknown field
        // and a `disc` sent that way refused with a reason that does not say why.
        if body["args"] != nil {
            throw .badCommand(
                "\"args\" is no longer read: send the verb's fields, as {\"command\": \"disc\", \"disc\": 3}")
        }
        guard let verb = PlayerVerb.named(name), verb.doors.contains(.web) else {
            // The first API's disc steps are values of the disc verb now.
            if let step = ["next-disc": "next", "previous-disc": "previous", "random-disc": "random"][name] {
                throw .badCommand("send {\"command\": \"disc\", \"disc\": \"\(step)\"} for \(name)")
            }
            throw .badCommand("unknown command '\(ShownText.excerpt(name))'; known: \(known)")
        }
        do {
            return try verb.read(body)
        } catch {
            throw .badCommand(error.message)
        }
    }

    private static let known = PlayerVerb.table.filter { $0.doors.contains(.web) }.map(\.name).joined(
        separator: ", ")
}
