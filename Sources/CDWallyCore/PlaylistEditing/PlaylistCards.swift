/// The cards of a CDs playlist and the edits of them (docs/PRODUCT.md §11). A card is a line
/// `#CDWALLY-CARD:NUMBER Artist — Album` that belongs to the next entry line below it,
/// skipping only `#EXTINF`, blank and other card lines (an album may have several cards).
/// Other players read it as a comment, so it travels with the playlist; every edit here keeps
/// every other byte.
public enum PlaylistCards {
    public static let directive = "#CDWALLY-CARD:"

    /// One card line as read.
    public struct Card: Sendable, Equatable {
        public var number: CardNumber
        /// The words after the number: for people, never for finding the album.
        public var label: String
        /// The card line's number (1-based, as `M3UParser` numbers lines).
        public var line: Int
        /// The entry line it belongs to; nil when a comment or nothing follows it.
        public var entryLine: Int?
    }

    /// A line that says it is a card but names no number a reader can type.
    public struct BadLine: Sendable, Equatable {
        public var line: Int
        public var text: String
        public var problem: CardNumber.Problem
    }

    /// What a playlist's card lines say. One number names one album: of two lines with the
    /// same number, the first counts and the second is listed in `repeated`.
    public struct Reading: Sendable {
        public var cards: [Card] = []
        public var repeated: [Card] = []
        public var bad: [BadLine] = []
    }

    public static func read(_ bytes: [UInt8], isM3U8: Bool) -> Reading {
        let style = PlaylistStyle.of(bytes, isM3U8: isM3U8)
        var reading = Reading()
        var waiting: [Card] = []
        var seen: Set<CardNumber> = []
        func settle(_ entryLine: Int?) {
            for var card in waiting {
                card.entryLine = entryLine
                if seen.insert(card.number).inserted {
                    reading.cards.append(card)
                } else {
                    reading.repeated.append(card)
                }
            }
            waiting = []
        }
        for (offset, line) in PlaylistLines(bytes).lines.enumerated() {
            let text = line.trimmed
            if text.isEmpty || line.isHint { continue }
            if line.isEntry {
                settle(offset + 1)
                continue
            }
            guard text.starts(with: directive.utf8) else {
                settle(nil)
                continue
            }
            let body = text.dropFirst(directive.utf8.count)
            let numberEnd = body.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) ?? body.endIndex
            let label = body[numberEnd...].drop(while: { $0 == 0x20 || $0 == 0x09 })
            let decode: (ArraySlice<UInt8>) -> String = {
                style.encoding == .utf8 ? String(decoding: $0, as: UTF8.self) : Windows1252.decode($0)
            }
            do {
                let number = try CardNumber(validating: decode(body[..<numberEnd]))
                waiting.append(Card(number: number, label: decode(label), line: offset + 1, entryLine: nil))
            } catch {
                reading.bad.append(BadLine(line: offset + 1, text: decode(text), problem: error))
            }
        }
        settle(nil)
        return reading
    }

    /// The card line for `number`, without its line end, in the encoding: the label is made
    /// one line as a hint is, and a character the encoding lacks becomes `?`.
    public static func line(_ number: CardNumber, label: String, encoding: M3UParser.Encoding) -> [UInt8] {
        let text = "\(directive)\(number.text) \(PlaylistLineWriter.oneLine(label))"
        switch encoding {
        case .utf8: return Array(text.utf8)
        case .windows1252:
            return text.unicodeScalars.flatMap { Windows1252.encode(String($0)) ?? [UInt8(ascii: "?")] }
        }
    }

    /// The bytes with `number` given to the entry on `entryLine` (1-based): its card line goes
    /// directly above the entry, above the entry's `#EXTINF` when that lies directly above it,
    /// in the file's line ending and encoding. A line giving the number elsewhere goes, and
    /// `movedFrom` is the entry it belonged to (nil for a new number, or one that led nowhere).
    public static func assigning(
        _ number: CardNumber, label: String, toEntryLine entryLine: Int, in bytes: [UInt8], isM3U8: Bool
    ) -> (bytes: [UInt8], movedFrom: Int?, changed: Bool) {
        let reading = read(bytes, isM3U8: isM3U8)
        let old = (reading.cards + reading.repeated).filter { $0.number == number }
        let style = PlaylistStyle.of(bytes, isM3U8: isM3U8)
        let lines = PlaylistLines(bytes).lines
        guard entryLine >= 1, entryLine <= lines.count, lines[entryLine - 1].isEntry else {
            return (bytes, nil, false)
        }
        let newLine = line(number, label: label, encoding: style.encoding)
        if old.count == 1, old[0].entryLine == entryLine,
            Array(lines[old[0].line - 1].trimmed) == newLine
        {
            return (bytes, nil, false)
        }
        var above = entryLine
        if above >= 2, lines[above - 2].isHint { above -= 1 }
        let end: [UInt8] = style.crlf ? [0x0D, 0x0A] : [0x0A]
        let gone = Set(old.map(\.line))
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + newLine.count + 2)
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            if number == above {
                // A byte order mark stays the file's first bytes.
                if offset == 0 { result += line.bytes.prefix(line.textStart) }
                result += newLine + end
                result += offset == 0 ? line.bytes.dropFirst(line.textStart) : line.bytes
            } else if gone.contains(number) {
                if offset == 0 { result += line.bytes.prefix(line.textStart) }
            } else {
                result += line.bytes
            }
        }
        let movedFrom = old.first { $0.entryLine != entryLine }?.entryLine
        return (result, movedFrom, true)
    }

    /// The bytes without the card lines numbered `cardLines` (1-based). A BOM on a removed
    /// first line stays.
    public static func removing(cardLines: Set<Int>, from bytes: [UInt8]) -> [UInt8] {
        guard !cardLines.isEmpty else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (offset, line) in PlaylistLines(bytes).lines.enumerated() {
            if !cardLines.contains(offset + 1) {
                result += line.bytes
            } else if offset == 0 {
                result += line.bytes.prefix(line.textStart)
            }
        }
        return result
    }

    /// The card lines (repeated ones too) that give `number`.
    public static func lines(of number: CardNumber, in bytes: [UInt8], isM3U8: Bool) -> Set<Int> {
        let reading = read(bytes, isM3U8: isM3U8)
        return Set((reading.cards + reading.repeated).filter { $0.number == number }.map(\.line))
    }
}
