/// Columns a string takes on a terminal: East Asian wide characters take two, combining
/// marks none. An approximation of wcwidth(3) that needs no locale (a locale would upset
/// libmpv, docs/PLATFORM-NOTES.md pitfall 1).
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` cut to at most `limit` columns, ending in "…" when anything was cut.
    public static func truncate(_ text: String, to limit: Int) -> String {
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

    /// `text` cut or padded with spaces to exactly `columns` columns.
    public static func fit(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        return cut + String(repeating: " ", count: max(0, columns - of(cut)))
    }

    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    private static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 {
            // Latin text, the common case, before the first combining mark.
            return value == 0 ? 0 : 1
        }
        if scalar.properties.generalCategory == .nonspacingMark
            || scalar.properties.generalCategory == .enclosingMark || (0x200B...0x200F).contains(value)
        {
            return 0
        }
        return wide.contains(where: { $0.contains(value) }) ? 2 : 1
    }
}
