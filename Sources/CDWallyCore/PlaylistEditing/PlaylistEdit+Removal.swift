extension PlaylistEdit {
    /// A run of bytes a removal took, and where it started in the bytes before it.
    public struct RemovedPiece: Sendable, Equatable, Codable {
        public var offset: Int
        public var bytes: [UInt8]
    }

    /// The bytes without the entry lines numbered in `entryLines` (1-based) and the `#EXTINF`
    /// hints that belong to them. A BOM on a removed first line stays.
    public static func removing(entryLines: Set<Int>, from bytes: [UInt8]) -> [UInt8] {
        removal(entryLines: entryLines, from: bytes).bytes
    }

    /// `removing`, and the runs of bytes it took, for an undo that puts them back where they
    /// were. An entry's own lines are its `#EXTINF` hint and the `#CDWALLY-CARD:` lines above
    /// it (docs/PRODUCT.md §11).
    public static func removal(entryLines: Set<Int>, from bytes: [UInt8]) -> (
        bytes: [UInt8], pieces: [RemovedPiece]
    ) {
        let text = PlaylistLines(bytes)
        let gone = entryLines.union(text.hints(of: entryLines)).union(text.cards(of: entryLines))
        var result: [UInt8] = []
        var pieces: [RemovedPiece] = []
        result.reserveCapacity(bytes.count)
        var offset = 0
        var lastGone = -2
        for (index, line) in text.lines.enumerated() {
            defer { offset += line.bytes.count }
            guard gone.contains(index + 1) else {
                result += line.bytes
                continue
            }
            // The BOM stays with the file, not with the first line.
            let taken = index == 0 ? line.bytes.dropFirst(line.textStart) : line.bytes
            if index == 0 { result += line.bytes.prefix(line.textStart) }
            if lastGone == index - 1, !pieces.isEmpty {
                pieces[pieces.count - 1].bytes += taken
            } else {
                pieces.append(
                    RemovedPiece(offset: offset + (index == 0 ? line.textStart : 0), bytes: Array(taken)))
            }
            lastGone = index
        }
        return (result, pieces)
    }
}
