/// Turns successive frames into the bytes that update the terminal: only rows that changed
/// are rewritten, each addressed by cursor position, cleared and drawn in one write, so
/// the display never blinks. After `invalidate()` (a resize, Ctrl-L, something scribbled)
/// every row is drawn again.
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
    /// rows to the terminal's `rows` (empty when nothing changed).
    mutating func update(to lines: [ScreenLine], rows: Int) -> [UInt8] {
        let frame = lines + Array(repeating: .blank, count: max(0, rows - lines.count))
        let previous = shown ?? []
        var output = ""
        for (row, line) in frame.enumerated()
        where shown == nil || row >= previous.count || previous[row] != line {
            // Clear first, then draw: clearing after a full-width row would take its last
            // cell with it.
            output += "\u{1B}[\(row + 1);1H\u{1B}[2K" + encode(line)
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
