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

    mutating func append(_ row: [String]) {
        rows.append(row)
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
            return String(repeating: " ", count: indent)
                + String(joined.reversed().drop(while: { $0 == " " }).reversed())
        }
        let title = header(line(columns.map(\.title)))
        return ([title] + rows.map(line)).joined(separator: "\n")
    }
}

/// Columns a string takes on a terminal: East Asian wide characters take two, combining
/// marks none. An approximation of wcwidth(3) that needs no locale.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    static func truncate(_ text: String, to limit: Int) -> String {
        guard of(text) > limit else { return text }
        guard limit > 1 else { return String(repeating: "…", count: max(0, limit)) }
        var result = ""
        var used = 0
        for character in text {
            let cost = of(String(character))
            if used + cost > limit - 1 { break }
            result.append(character)
            used += cost
        }
        return result + "…"
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 || scalar.properties.generalCategory == .nonspacingMark
            || scalar.properties.generalCategory == .enclosingMark || (0x200B...0x200F).contains(value)
        {
            return 0
        }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains(where: { $0.contains(value) }) ? 2 : 1
    }
}
