import CDWallyCore

/// Text from outside (tags, file names, messages, stray stderr) made safe to draw: a tag
/// holding an escape sequence or a newline must not move the cursor or break a row.
enum ScreenText {
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                result.append(" ")
            } else if isControl(scalar) {
                result.append("\u{FFFD}")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// A number with leading zeros to at least `digits` digits: "03", "012".
    static func padded(_ number: Int, digits: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// `left` and `right` on one row of `width` columns, `right` flush with the edge when
    /// both fit; otherwise `left` alone, cut to the width.
    static func spread(_ left: String, _ right: String, width: Int) -> String {
        let gap = width - DisplayWidth.of(left) - DisplayWidth.of(right)
        guard !right.isEmpty, gap >= 2 else { return DisplayWidth.truncate(left, to: width) }
        return left + String(repeating: " ", count: gap) + right
    }
}
