import CDWallyCore

extension PlayerVerb {
    /// A verb in words, as the config's `[cards]` writes one: its name and at most one value, as
    /// the `cdwally` command of that name takes it (`stop`, `disc random`, `disc 3`, `sleep 30`,
    /// `volume +5`, `seek -10`, `seek 1:30`, `shuffle on`, `track 2`). The value becomes the verb's field and
    /// the verb reads it as the socket's would, so a card says nothing the socket cannot.
    public static func command(words text: String) throws(PlayerVerbError) -> PlayerCommand {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let name = words.first, let verb = named(name.lowercased()) else {
            let known = table.map(\.name).joined(separator: ", ")
            throw PlayerVerbError("\"\(ShownText.excerpt(text))\" is no verb; known: \(known)")
        }
        guard words.count <= 2 else {
            throw PlayerVerbError("\(verb.name) takes at most one value, not \"\(ShownText.excerpt(text))\"")
        }
        guard words.count == 2 else { return try verb.read(.object([])) }
        guard let fields = fields(of: verb, value: words[1]) else {
            throw PlayerVerbError("\(verb.name) takes no value, not \"\(ShownText.excerpt(words[1]))\"")
        }
        return try verb.read(.object(fields))
    }

    /// The value's field for the verbs that take one; nil for a verb that takes none.
    private static func fields(of verb: PlayerVerb, value: String) -> [(String, JSONValue)]? {
        let number = Int(value).map(JSONValue.int) ?? .string(value.lowercased())
        switch verb.name {
        case disc.name, play.name: return [("disc", number)]
        case track.name: return [("track", number)]
        case volume.name: return [("change", .string(value))]
        case sleep.name: return [("for", .string(value))]
        case shuffle.name:
            switch value.lowercased() {
            case "on": return [("on", .bool(true))]
            case "off": return [("on", .bool(false))]
            case "toggle": return []
            default: return [("on", .string(value))]
            }
        case seek.name:
            // Read as `cdwally seek` reads it ("1:30" included); what is no seek stays words,
            // for the verb to refuse.
            switch SeekTarget(words: value) {
            case .relative(let seconds)?: return [("seconds", .double(seconds)), ("relative", .bool(true))]
            case .absolute(let seconds)?: return [("seconds", .double(seconds)), ("relative", .bool(false))]
            case nil: return [("seconds", .string(value)), ("relative", .bool(false))]
            }
        default: return verb.plainCommand == nil ? [] : nil
        }
    }
}
