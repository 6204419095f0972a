import CDWallyCore

/// Why what a card reader typed is no card: each is one line in the log, and nothing is read.
public enum CardReaderProblem: Sendable, Equatable, CustomStringConvertible {
    /// A key no card number has: a letter beyond F, a space, a media key.
    case notHexadecimal(KeyCode)
    /// More characters than a card number may have (`CardNumber.maximumLength`).
    case tooLong(Int)
    /// Characters, and no Enter after them: what was typed is dropped.
    case unfinished(String)
    /// Enter with nothing typed before it.
    case enterAlone
    /// A serial reader's frame that does not check out (its bytes, as far as they came).
    case badFrame(String)

    public var description: String {
        switch self {
        case .notHexadecimal(let key):
            let shown = key.name.hasPrefix("KEY_") ? String(key.name.dropFirst(4)) : key.name
            return "the card reader typed \(shown), which no card number has (digits and A-F); "
                + "that card is not read"
        case .tooLong(let count):
            return "the card reader typed \(count) characters, more than a card number has "
                + "(\(CardNumber.maximumLength)); that card is not read"
        case .unfinished(let typed):
            return "the card reader typed \(typed) and no Enter after it; dropped"
        case .enterAlone:
            return "the card reader typed Enter with no number before it"
        case .badFrame(let bytes):
            return
                "the serial card reader sent a frame that does not check out (\(bytes)); that card is not read"
        }
    }
}
