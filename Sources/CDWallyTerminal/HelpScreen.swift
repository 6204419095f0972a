import CDWallyCore

/// The key help overlay, generated from `KeyBinding.table`: one column when the rows
/// allow, two side by side when the width does, else as many keys as fit and a note.
enum HelpScreen {
    private static let gap = 4

    /// Lines of the keys, at most `rows` of them, each at most `width` columns.
    static func lines(width: Int, rows: Int) -> [ScreenLine] {
        guard rows > 0 else { return [] }
        let entries = entries()
        if entries.count <= rows { return entries.map { line($0, width: width) } }
        let columnWidth = entries.map(DisplayWidth.of).max() ?? 0
        let half = (entries.count + 1) / 2
        if half <= rows, columnWidth * 2 + gap <= width {
            return (0..<half).map { row in
                let left = DisplayWidth.fit(entries[row], to: columnWidth + gap)
                let right = row + half < entries.count ? entries[row + half] : ""
                return line(left + right, width: width)
            }
        }
        let shown = entries.prefix(rows - 1).map { line($0, width: width) }
        let rest = entries.count - shown.count
        return shown + [
            ScreenLine(DisplayWidth.truncate("… \(rest) more on a larger terminal", to: width), .dim)
        ]
    }

    /// "space      play / pause", labels padded to one width.
    private static func entries() -> [String] {
        let labelWidth = KeyBinding.table.map { DisplayWidth.of($0.label) }.max() ?? 0
        return KeyBinding.table.map { "  " + DisplayWidth.fit($0.label, to: labelWidth) + "  " + $0.summary }
    }

    private static func line(_ text: String, width: Int) -> ScreenLine {
        let trimmed = String(text.reversed().drop(while: { $0 == " " }).reversed())
        return ScreenLine(DisplayWidth.truncate(trimmed, to: width))
    }
}
