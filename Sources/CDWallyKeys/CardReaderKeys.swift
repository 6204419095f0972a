import CDWallyCore

/// What each key means to a card reader's decoder: the keys a reader types numbers with
/// (`KEY_0`…`KEY_9`, the keypad's, `KEY_A`…`KEY_F`, both Enters), the modifiers it may press
/// around them, and everything else. Codes come from libevdev's names, as `KeyCode` does.
enum CardReaderKeys {
    enum Meaning: Equatable {
        case hexDigit(Character)
        case enter
        /// Shift for a letter, or a lock key some readers toggle: no part of a number.
        case ignored
        /// A key no card number has (a letter beyond F, a space, a media key).
        case other
    }

    static func meaning(of key: KeyCode) -> Meaning {
        table[key] ?? .other
    }

    /// Whether a device can type a card: it has the digits and Enter. Used to find a reader
    /// among the devices (`card assign` with none configured), never to choose one on its own.
    static let typingKeys: [KeyCode] = (0...9).compactMap { KeyCode(name: "KEY_\($0)") } + [enterKey]

    static let enterKey = KeyCode(name: "KEY_ENTER")!

    private static let table: [KeyCode: Meaning] = {
        var table: [KeyCode: Meaning] = [:]
        for digit in "0123456789" {
            for name in ["KEY_\(digit)", "KEY_KP\(digit)"] {
                if let key = KeyCode(name: name) { table[key] = .hexDigit(digit) }
            }
        }
        for letter in "ABCDEF" {
            if let key = KeyCode(name: "KEY_\(letter)") { table[key] = .hexDigit(letter) }
        }
        for name in ["KEY_ENTER", "KEY_KPENTER"] {
            if let key = KeyCode(name: name) { table[key] = .enter }
        }
        let modifiers = [
            "KEY_LEFTSHIFT", "KEY_RIGHTSHIFT", "KEY_LEFTCTRL", "KEY_RIGHTCTRL", "KEY_LEFTALT",
            "KEY_RIGHTALT", "KEY_LEFTMETA", "KEY_RIGHTMETA", "KEY_CAPSLOCK", "KEY_NUMLOCK",
        ]
        for name in modifiers {
            if let key = KeyCode(name: name) { table[key] = .ignored }
        }
        return table
    }()
}
