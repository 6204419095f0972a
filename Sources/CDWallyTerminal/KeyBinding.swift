import CDWallyVocabulary

/// The keys of `cdwally play` on a terminal, in one table: the decoder's keys map to actions
/// through it, and the help overlay (and the man page) list it as it stands.
public struct KeyBinding: Sendable, Hashable {
    /// The keys as a person reads them: "space", "] PgDn".
    public var label: String
    /// What they do, short enough for a two-column help screen.
    public var summary: String
    public var keys: [Key: KeyAction]

    public init(_ label: String, _ summary: String, _ keys: [Key: KeyAction]) {
        self.label = label
        self.summary = summary
        self.keys = keys
    }

    public static let table: [KeyBinding] = [
        KeyBinding("space", "play / pause", [.character(" "): .player(.toggle)]),
        KeyBinding("n", "next track", [.character("n"): .player(.next)]),
        KeyBinding("p", "previous track / restart", [.character("p"): .player(.previous)]),
        KeyBinding(
            "← →", "back / forward 10 s",
            [.left: .player(.seek(.relative(-10))), .right: .player(.seek(.relative(10)))]),
        KeyBinding(
            "] PgDn", "next disc", [.character("]"): .player(.nextDisc), .pageDown: .player(.nextDisc)]),
        KeyBinding(
            "[ PgUp", "previous disc",
            [.character("["): .player(.previousDisc), .pageUp: .player(.previousDisc)]),
        // One row for both keeps the overlay in two columns on an 80×12 terminal.
        KeyBinding(
            "r x", "random disc / shuffle",
            [.character("r"): .player(.randomDisc), .character("x"): .player(.shuffle(nil))]),
        KeyBinding("s", "stop", [.character("s"): .player(.stop)]),
        KeyBinding(
            "+ - m", "volume up / down, mute",
            [
                .character("+"): .player(.volume(.by(5))), .character("="): .player(.volume(.by(5))),
                .character("-"): .player(.volume(.by(-5))), .character("m"): .player(.volume(.toggleMute)),
            ]),
        KeyBinding(
            "0-9 Enter", "play disc by number",
            Dictionary(
                uniqueKeysWithValues: (0...9).map { (Key.character(Character("\($0)")), KeyAction.digit($0)) }
            )
            .merging([.enter: .confirmDisc, .backspace: .eraseDigit]) { $1 }),
        // One row for both, as below: the overlay stays in two columns on an 80×12 terminal.
        KeyBinding("/ Esc", "search library / cancel", [.character("/"): .search, .escape: .cancelDisc]),
        KeyBinding("?", "show / hide these keys", [.character("?"): .toggleHelp]),
        // One row for both keeps the overlay in two columns on an 80×12 terminal.
        KeyBinding("Ctrl-L/Z", "redraw / suspend (fg)", [.control("l"): .redraw, .control("z"): .suspend]),
        KeyBinding("q Ctrl-C", "quit, saving positions", [.character("q"): .quit, .control("c"): .quit]),
    ]

    private static let actions: [Key: KeyAction] = table.reduce(into: [:]) { all, binding in
        all.merge(binding.keys) { first, _ in first }
    }

    /// The action `key` is bound to, if any. Letters work in either case, so Caps Lock
    /// does not silence the keys.
    public static func action(for key: Key) -> KeyAction? {
        if let action = actions[key] { return action }
        guard case .character(let character) = key, character.isUppercase else { return nil }
        return actions[.character(Character(character.lowercased()))]
    }
}
