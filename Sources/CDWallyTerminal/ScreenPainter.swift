/// Turns successive frames into the bytes that update the terminal: only rows that changed
/// are rewritten, each addressed by cursor position, cleared and drawn in one write, so
/// the display never blinks. After `invalidate()` (a resize, Ctrl-L, something scribbled)
/// every row is drawn again. Beside a cover the rows start further right, and only the
/// text's part of each is cleared, so the picture stays.
///
/// Threads: a value type; the display loop owns its instance.
struct ScreenPainter {
    /// Styles (bold, reverse) only where the user's terminal and `NO_COLOR` allow.
    let useStyles: Bool
    private var shown: [ScreenLine]?

    init(useStyles: Bool) {
        self.useStyles = useStyles
    }

    /// Forgets what is on the screen, so the next frame is drawn in full.
    mutating func invalidate() {
        shown = nil
    }

    /// The bytes that turn the screen from the last frame into `lines`, padded with blank
    /// rows to the terminal's `rows` (empty when nothing changed), each row starting at
    /// `column` (from 0; the caller invalidates when it changes).
    mutating func update(to lines: [ScreenLine], rows: Int, column: Int = 0) -> [UInt8] {
        let frame = lines + Array(repeating: .blank, count: max(0, rows - lines.count))
        let previous = shown ?? []
        var output = ""
        for (row, line) in frame.enumerated()
        where shown == nil || row >= previous.count || previous[row] != line {
            // Clear first, then draw: clearing after a full-width row would take its last
            // cell with it.
            // Beside a cover, erase from the text's first cell to the end of the row only.
            let erase = column == 0 ? "\u{1B}[2K" : "\u{1B}[K"
            output += "\u{1B}[\(row + 1);\(column + 1)H" + erase + encode(line)
        }
        shown = frame
        return Array(output.utf8)
    }

    private func encode(_ line: ScreenLine) -> String {
        guard useStyles else { return line.text }
        return line.runs.map { run in
            run.style == .plain ? run.text : run.style.escape + run.text + "\u{1B}[0m"
        }.joined()
    }
}
