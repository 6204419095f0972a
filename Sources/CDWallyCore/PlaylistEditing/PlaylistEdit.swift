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
    /// it starts with `#EXTM3U`.
    public static func appending(_ entry: NewEntry, to bytes: [UInt8]?, playlist: RawPath) -> [UInt8] {
        let isM3U8 = playlist.fileExtension == "m3u8"
        let style = bytes.map { PlaylistStyle.of($0, isM3U8: isM3U8) } ?? .fresh
        let end: [UInt8] = style.crlf ? [0x0D, 0x0A] : [0x0A]
        var result = bytes ?? Array("#EXTM3U".utf8) + end
        if !result.isEmpty && result.last != 0x0A { result += end }
        if style.writesExtInf {
            let seconds = entry.duration.isFinite ? Int(entry.duration.rounded()) : -1
            result += encoded("#EXTINF:\(seconds),\(entry.artist) - \(entry.title)", style.encoding) + end
        }
        result += line(naming: entry.path, folder: playlist.parent, style: style) + end
        return result
    }

    /// The entry line naming `path` in the style's form and encoding. A path the encoding
    /// cannot hold is written as a percent-encoded `file://` URI, which any encoding can.
    static func line(naming path: RawPath, folder: RawPath, style: PlaylistStyle) -> [UInt8] {
        var written: [UInt8]
        switch style.pathForm {
        case .fileURL: return Array(path.fileURL.utf8)
        case .absolute: written = path.bytes
        case .relative:
            if path.isInside(folder) && path != folder {
                written = Array(
                    path.bytes.dropFirst(folder.bytes.count + (folder.bytes.last == 0x2F ? 0 : 1)))
                if style.backslashes && !written.contains(0x5C) {
                    written = written.map { $0 == 0x2F ? 0x5C : $0 }
                }
            } else {
                written = path.bytes
            }
        }
        switch style.encoding {
        case .utf8: return written
        case .windows1252:
            guard let text = String(validating: written, as: UTF8.self), let bytes = Windows1252.encode(text)
            else { return Array(path.fileURL.utf8) }
            return bytes
        }
    }

    /// Text in the encoding; a character Windows-1252 lacks becomes `?` (a hint is only a hint).
    private static func encoded(_ text: String, _ encoding: M3UParser.Encoding) -> [UInt8] {
        switch encoding {
        case .utf8: return Array(text.utf8)
        case .windows1252:
            return text.unicodeScalars.flatMap { Windows1252.encode(String($0)) ?? [UInt8(ascii: "?")] }
        }
    }
}
