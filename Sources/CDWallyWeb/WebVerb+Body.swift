import CDWallyCore
import CDWallyPlayer

extension WebVerb {
    /// The player command a `POST /api/v1/commands` body asks for: `{"command": "disc",
    /// "args": [3]}`, `args` optional. Kept apart from the route so that the fuzzer
    /// (Fuzz/Web/) reads bodies exactly as the server does.
    static func command(body: JSONValue) throws(WebRequestError) -> PlayerCommand {
        guard let name = body["command"]?.stringValue else {
            throw .badCommand("send {\"command\": \"next\", \"args\": []}")
        }
        var args: [JSONValue] = []
        switch body["args"] {
        case nil, .null?: break
        case .array(let values)?: args = values
        default: throw .badCommand("\"args\" must be a list")
        }
        return try command(name: name, args: args)
    }
}
