/// Text from outside (tags, file names, playlist lines, messages) made safe to show: a tag
/// holding an escape sequence or a newline must not clear a terminal, retitle it, or break
/// a table's row (docs/PRODUCT.md §8). Every text output goes through here: the terminal
/// display, the tables and reports of the CLI, and the lines written to stderr.
public enum ShownText {
    /// One line: tabs and line breaks become spaces, every other control character U+FFFD.
    public static func clean(_ text: String) -> String {
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

    /// A name someone else sent, quoted inside an error message: one line, and at most
    /// `limit` characters, so that a request cannot make the answer about it any longer.
    public static func excerpt(_ text: String, limit: Int = 40) -> String {
        let line = clean(text)
        return line.count <= limit ? line : line.prefix(limit) + "…"
    }

    /// Text of several lines: each line cleaned, the line breaks kept.
    public static func cleanLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { clean(String($0)) }
            .joined(separator: "\n")
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
