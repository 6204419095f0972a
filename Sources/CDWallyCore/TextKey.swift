import Foundation

/// Comparison keys for text that people typed into tags: the display strings are never
/// altered, only the keys that decide equality and order.
public enum TextKey {
    /// Case-, accent- and width-insensitive, trimmed: "Björk" and "BJORK" agree.
    public static func folded(_ text: String) -> String {
        // Most tags are plain ASCII, where folding is lower-casing; Foundation's folding costs
        // a cold index of a large library a tenth of its time.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
            guard let start = bytes.firstIndex(where: { !isSpace($0) }),
                let end = bytes.lastIndex(where: { !isSpace($0) })
            else { return "" }
            return String(decoding: bytes[start...end], as: UTF8.self)
        }
        return text.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
        )
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `folded`, and the letters that are not accented letters spelt as people type them
    /// (ø → o, æ → ae, œ → oe, ł → l, đ → d, þ → th, ß → ss, …): for filters only
    /// (docs/PRODUCT.md §11). Identity keys stay `folded`, so album ids, resume points and
    /// listens never change with it.
    public static func filterFolded(_ text: String) -> String {
        let key = folded(text)
        guard !key.utf8.allSatisfy({ $0 < 0x80 }) else { return key }
        var result = ""
        result.unicodeScalars.reserveCapacity(key.unicodeScalars.count)
        for scalar in key.unicodeScalars {
            if let spelt = letterSpellings[scalar] {
                result += spelt
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Letters that Unicode does not decompose into a base letter and an accent, as a keyboard
    /// without them spells them; capitals too, though `folded` lower-cases most.
    private static let letterSpellings: [Unicode.Scalar: String] = [
        "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ł": "l", "Ł": "l",
        "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ß": "ss", "ẞ": "ss",
        "ħ": "h", "Ħ": "h", "ı": "i", "ŧ": "t", "Ŧ": "t", "ŀ": "l", "Ŀ": "l", "ĳ": "ij", "Ĳ": "ij",
    ]

    /// `folded` with everything but letters and digits removed, for finding a moved file by its
    /// artist, title or name: "AC/DC – Back in Black!" matches "acdc back in black".
    public static func loose(_ text: String) -> String {
        String(String.UnicodeScalarView(folded(text).unicodeScalars.filter(isLetterOrDigit)))
    }

    /// The key an artist sorts under: folded, with a leading "The ", "A " or "An " dropped,
    /// so "The Beatles" files under B.
    public static func artistSort(_ text: String) -> String {
        let key = folded(text)
        for article in ["the ", "a ", "an "] where key.hasPrefix(article) && key.count > article.count {
            return String(key.dropFirst(article.count)).trimmingCharacters(in: .whitespaces)
        }
        return key
    }

    /// Natural order of names: digit runs compare by value ("2 Song" before "10 Song"), the rest
    /// case-insensitively; ties fall back to the exact text so the order is total.
    public static func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.lowercased().unicodeScalars)
        let right = Array(rhs.lowercased().unicodeScalars)
        var i = 0
        var j = 0
        while i < left.count, j < right.count {
            if isDigit(left[i]), isDigit(right[j]) {
                let leftRun = digitRun(left, from: i)
                let rightRun = digitRun(right, from: j)
                if leftRun.value != rightRun.value { return compareNumbers(leftRun.value, rightRun.value) }
                i = leftRun.end
                j = rightRun.end
                continue
            }
            if left[i] != right[j] { return left[i].value < right[j].value }
            i += 1
            j += 1
        }
        if left.count - i != right.count - j { return left.count - i < right.count - j }
        return Array(lhs.utf8).lexicographicallyPrecedes(Array(rhs.utf8))
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && scalar.properties.numericType != nil
    }

    /// The digits starting at `start` without leading zeros, and where the run ends.
    private static func digitRun(_ scalars: [Unicode.Scalar], from start: Int) -> (value: [UInt8], end: Int) {
        var end = start
        while end < scalars.count, isDigit(scalars[end]) { end += 1 }
        let digits = scalars[start..<end].map { UInt8($0.value) }.drop(while: { $0 == UInt8(ascii: "0") })
        return (Array(digits), end)
    }

    private static func compareNumbers(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.count != rhs.count ? lhs.count < rhs.count : lhs.lexicographicallyPrecedes(rhs)
    }
}
