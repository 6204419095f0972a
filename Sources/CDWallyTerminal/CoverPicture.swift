/// A disc drawn by the worker for one layout: the bytes that put it on the screen and those
/// that take it off, both with the picture's top left at the screen's.
///
/// Threads: a value; made on the cover thread, used by the display loop.
struct CoverPicture: Sendable, Hashable {
    var mode: CoverMode
    var columns: Int
    var rows: Int
    /// libchafa's output: a picture protocol's sequence, or rows of symbols separated by "\n".
    var bytes: [UInt8]

    /// Reads the worker's answer: `MODE COLUMNS ROWS\n` and the bytes; nil for `- why not`
    /// or anything else.
    init?(answer: [UInt8]) {
        guard let end = answer.firstIndex(of: 10) else { return nil }
        let fields = String(decoding: answer[..<end], as: UTF8.self).split(separator: " ")
        guard fields.count == 3, let mode = CoverMode(name: String(fields[0])),
            let columns = Int(fields[1]), let rows = Int(fields[2]), columns > 0, rows > 0
        else { return nil }
        self.init(mode: mode, columns: columns, rows: rows, bytes: Array(answer[(end + 1)...]))
    }

    init(mode: CoverMode, columns: Int, rows: Int, bytes: [UInt8]) {
        self.mode = mode
        self.columns = columns
        self.rows = rows
        self.bytes = bytes
    }

    /// Draws it: a picture from the top left cell; symbols row by row, each addressed, so a
    /// row never spills onto the next and the text beside it is left alone.
    var paint: [UInt8] {
        let reset = Array("\u{1B}[0m".utf8)
        guard !mode.isPicture else { return Array("\u{1B}[1;1H".utf8) + bytes + reset }
        var output: [UInt8] = []
        for (row, line) in bytes.split(separator: 10, omittingEmptySubsequences: false).prefix(rows)
            .enumerated()
        {
            output += Array("\u{1B}[\(row + 1);1H".utf8) + line + reset
        }
        return output
    }

    /// Takes it off: kitty's image deleted, and the cells it covered blanked (which is what
    /// removes sixels and symbols).
    var erase: [UInt8] {
        var output = mode.deleteSequence
        for row in 0..<rows { output += "\u{1B}[\(row + 1);\(columns)H\u{1B}[1K" }
        return Array(output.utf8)
    }
}
