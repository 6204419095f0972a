import CDWallyCore

/// Aligned columns that fit a terminal width: the flexible columns shrink (with "…") so the
/// rows never wrap at 80 columns.
struct TextTable {
    struct Column {
        var title: String
        var alignRight = false
        /// Flexible columns share the width left after the fixed ones.
        var flexible = false
    }

    var columns: [Column]
    var rows: [[String]] = []

    init(_ columns: [Column]) {
        self.columns = columns
    }

    /// Adds a row; a cell's control characters (a newline in a tag) cannot break the table.
    mutating func append(_ row: [String]) {
        rows.append(row.map(ShownText.clean))
    }

    func render(width: Int, indent: Int = 0, header: (String) -> String = { $0 }) -> String {
        let separator = 2
        var widths = columns.indices.map { column in
            ([columns[column].title] + rows.map { $0[column] }).map(DisplayWidth.of).max() ?? 0
        }
        let available = width - indent - separator * (columns.count - 1)
        let fixed = columns.indices.filter { !columns[$0].flexible }.reduce(0) { $0 + widths[$1] }
        let flexible = columns.indices.filter { columns[$0].flexible }
        var room = max(available - fixed, flexible.count * 6)
        // Give each flexible column what it needs, narrowest first, sharing what is left.
        for (offset, column) in flexible.sorted(by: { widths[$0] < widths[$1] }).enumerated() {
            let share = room / (flexible.count - offset)
            widths[column] = min(widths[column], share)
            room -= widths[column]
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                let text = DisplayWidth.truncate(cell, to: widths[column])
                let padding = String(repeating: " ", count: widths[column] - DisplayWidth.of(text))
                return columns[column].alignRight ? padding + text : text + padding
            }
            let joined = padded.joined(separator: String(repeating: " ", count: separator))
            // Trailing spaces trimmed on the UTF-8 view: reversing Characters twice cost more
            // than everything else when a whole-library wallet is listed.
            let utf8 = joined.utf8
            var end = utf8.endIndex
            while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") {
                end = utf8.index(before: end)
            }
            return String(repeating: " ", count: indent) + joined[..<end]
        }
        let title = header(line(columns.map(\.title)))
        return ([title] + rows.map(line)).joined(separator: "\n")
    }
}
