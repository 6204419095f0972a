import CDWallyCore

/// Helpers for laying text out on the display; text from outside is made safe to draw by
/// `ShownText.clean` first.
enum ScreenText {
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
