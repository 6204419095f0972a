/// A playlist's bytes cut into lines, every byte kept: joining `lines` gives the bytes back.
/// Line numbers are 1-based and count every line, as `M3UParser` numbers its entries.
public struct PlaylistLines: Sendable {
    public struct Line: Sendable {
        /// The line's bytes with its line end (`\r\n` or `\n`, none on a last line without one),
        /// and on the first line the byte order mark.
        public var bytes: ArraySlice<UInt8>
        /// Where the text starts: after a byte order mark on the first line.
        var textStart: Int

        public var hasLineFeed: Bool { bytes.last == 0x0A }
        public var hasCarriageReturn: Bool {
            hasLineFeed && bytes.count >= 2 && bytes[bytes.endIndex - 2] == 0x0D
        }
        /// The text without the BOM, line end and surrounding blanks, as the parser reads it.
        public var trimmed: ArraySlice<UInt8> {
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
            let text = bytes[textStart...]
            guard let start = text.firstIndex(where: { !isSpace($0) }),
                let end = text.lastIndex(where: { !isSpace($0) })
            else { return [] }
            return text[start...end]
        }
        public var isHint: Bool { trimmed.starts(with: "#EXTINF:".utf8) }
        public var isCard: Bool { trimmed.starts(with: "#CDWALLY-CARD:".utf8) }
        public var isEntry: Bool { trimmed.first.map { $0 != UInt8(ascii: "#") } ?? false }
    }

    public let bytes: [UInt8]
    public let lines: [Line]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var lines: [Line] = []
        var start = 0
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for index in bytes.indices where bytes[index] == 0x0A {
            lines.append(Line(bytes: bytes[start...index], textStart: lines.isEmpty ? bom : start))
            start = index + 1
        }
        if start < bytes.count || lines.isEmpty {
            lines.append(
                Line(bytes: bytes[start...], textStart: lines.isEmpty ? min(bom, bytes.count) : start))
        }
        self.lines = lines
    }

    /// True when an `#EXTINF` hint follows the last entry: the parser would hand it to an entry
    /// appended after it.
    public var endsWithUnclaimedHint: Bool {
        for line in lines.reversed() {
            if line.isHint { return true }
            if line.isEntry { return false }
        }
        return false
    }

    /// The 1-based numbers of the `#EXTINF` lines that the parser hands to the entries on
    /// `entryLines`: for each, the last hint since the entry before it.
    public func hints(of entryLines: Set<Int>) -> Set<Int> {
        var hints: Set<Int> = []
        var pending: Int?
        for (offset, line) in lines.enumerated() {
            if line.isHint {
                pending = offset + 1
            } else if line.isEntry {
                if entryLines.contains(offset + 1), let pending { hints.insert(pending) }
                pending = nil
            }
        }
        return hints
    }

    /// The 1-based numbers of the `#CDWALLY-CARD:` lines that belong to the entries on
    /// `entryLines`: a card line belongs to the next entry below it, skipping only `#EXTINF`
    /// and blank lines (docs/PRODUCT.md §11).
    public func cards(of entryLines: Set<Int>) -> Set<Int> {
        var cards: Set<Int> = []
        var pending: [Int] = []
        for (offset, line) in lines.enumerated() {
            if line.isCard {
                pending.append(offset + 1)
            } else if line.isHint || line.trimmed.isEmpty {
                continue
            } else {
                if line.isEntry, entryLines.contains(offset + 1) { cards.formUnion(pending) }
                pending = []
            }
        }
        return cards
    }
}
