/// The number a card reader types for a card (docs/PRODUCT.md §11): decimal digits, or
/// hexadecimal digits as many 13.56 MHz readers type them. It is kept as typed, leading zeros
/// and all, so `0012` and `12` are two cards; only the case of hex letters is made upper, as
/// readers differ in it and a person copying a number off a card should not have to match it.
public struct CardNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Longer than any UID a reader types (7-byte UIDs are 14 hex digits, 10-byte ones 20),
    /// short enough that a reader gone wild is refused rather than stored.
    public static let maximumLength = 32

    public let text: String

    /// Why a text is no card number, in words for one `cdwally: …` line.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        case tooLong(Int)
        case notHex(Character)

        public var description: String {
            switch self {
            case .empty: "a card number cannot be empty"
            case .tooLong(let count):
                "a card number has at most \(CardNumber.maximumLength) digits, not \(count)"
            case .notHex(let character):
                "a card number is digits or hexadecimal digits 0-9 and A-F, not \"\(ShownText.clean(String(character)))\""
            }
        }
    }

    public init(validating text: some StringProtocol) throws(Problem) {
        guard !text.isEmpty else { throw .empty }
        var upper = ""
        for character in text {
            guard character.isASCII, character.isHexDigit else { throw .notHex(character) }
            upper.append(Character(character.uppercased()))
        }
        guard upper.count <= Self.maximumLength else { throw .tooLong(upper.count) }
        self.text = upper
    }

    public init?(_ text: some StringProtocol) {
        guard let number = try? CardNumber(validating: text) else { return nil }
        self = number
    }

    public var description: String { text }

    public static func < (lhs: CardNumber, rhs: CardNumber) -> Bool {
        (lhs.text.count, lhs.text) < (rhs.text.count, rhs.text)
    }
}
