/// Changes to a playlist's bytes that touch as little as they can (docs/PRODUCT.md §10): an
/// added album is one entry (and its `#EXTINF` hint, where the file has them) appended in the
/// file's own style; a removed one loses its entry lines and their hints. Every other byte
/// stays: comments, unknown lines, lines that lead nowhere, blank lines and the BOM.
public enum PlaylistEdit {
    /// The entry to add: a track of the album, by its absolute path.
    public struct NewEntry: Sendable {
        public var path: RawPath
        public var artist: String
        public var title: String
        /// Seconds, for the `#EXTINF` hint.
        public var duration: Double

        public init(path: RawPath, artist: String, title: String, duration: Double) {
            self.path = path
            self.artist = artist
            self.title = title
            self.duration = duration
        }
    }

    /// The bytes with `entry` appended. `bytes` is nil for a playlist that does not exist yet:
    /// it starts with `#EXTM3U`. `library` is the library's root (the playlist's own folder
    /// when nil): relative lines are written only for a playlist and a file inside it
    /// (`PlaylistLineWriter`, docs/PRODUCT.md §11).
    public static func appending(
        _ entry: NewEntry, to bytes: [UInt8]?, playlist: RawPath, library: RawPath? = nil
    ) -> [UInt8] {
        let isM3U8 = playlist.fileExtension == "m3u8"
        let style = bytes.map { PlaylistStyle.of($0, isM3U8: isM3U8) } ?? .fresh
        let end: [UInt8] = style.crlf ? [0x0D, 0x0A] : [0x0A]
        var result = bytes ?? Array("#EXTM3U".utf8) + end
        if !result.isEmpty && result.last != 0x0A { result += end }
        // A hint left without its entry would be read as the added entry's, and the undo
        // would take it: the entry brings its own, in a file that goes without them too.
        if style.writesExtInf || (bytes.map { PlaylistLines($0).endsWithUnclaimedHint } ?? false) {
            result +=
                PlaylistLineWriter.hint(
                    seconds: entry.duration, artist: entry.artist, title: entry.title,
                    encoding: style.encoding)
                + end
        }
        let folder = playlist.parent
        result +=
            PlaylistLineWriter.line(
                naming: entry.path, folder: folder, library: library ?? folder, style: style)
            + end
        return result
    }

    /// The bytes without the entry lines numbered in `entryLines` (1-based) and the `#EXTINF`
    /// hints and card lines that belong to them: a card leaves with its album (docs/PRODUCT.md
    /// §11). A BOM on a removed first line stays.
    public static func removing(entryLines: Set<Int>, from bytes: [UInt8]) -> [UInt8] {
        let text = PlaylistLines(bytes)
        let gone = entryLines.union(text.hints(of: entryLines)).union(
            PlaylistCards.lines(ofEntries: entryLines, in: bytes, isM3U8: true))
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (offset, line) in text.lines.enumerated() {
            if !gone.contains(offset + 1) {
                result += line.bytes
            } else if offset == 0 {
                result += line.bytes.prefix(line.textStart)
            }
        }
        return result
    }
}
