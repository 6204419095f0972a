import Foundation

/// Parses M3U and M3U8 playlists from bytes (docs/PRODUCT.md §2, docs/PLATFORM-NOTES.md §5).
///
/// `#EXTM3U`, `#EXTINF`, comments, blank lines, CRLF and a UTF-8 BOM are understood. A `.m3u8`
/// is UTF-8; a `.m3u` is UTF-8 when it is valid UTF-8, else Windows-1252. Paths keep their
/// bytes: a name that is not UTF-8 in a `.m3u8`, or a `%E9` in a `file://` URI, reaches the
/// disk as written.
public enum M3UParser {
    public enum Encoding: String, Sendable {
        case utf8 = "UTF-8"
        case windows1252 = "Windows-1252"
    }

    public struct Result: Sendable {
        public var entries: [PlaylistEntry]
        public var encoding: Encoding
        /// False for a file of binary data (an audio file or an image saved under the
        /// playlist's name, a UTF-16 text): it holds no entries, and the user is told once.
        public var looksLikePlaylist = true

        public var form: Form { Form(encoding: encoding, looksLikePlaylist: looksLikePlaylist) }
    }

    /// What a file tells as a whole, besides its entries.
    public struct Form: Sendable {
        public var encoding: Encoding
        /// `Result.looksLikePlaylist`.
        public var looksLikePlaylist: Bool

        public init(encoding: Encoding, looksLikePlaylist: Bool) {
            self.encoding = encoding
            self.looksLikePlaylist = looksLikePlaylist
        }
    }

    public static func parse(_ data: [UInt8], isM3U8: Bool) -> Result {
        let bytes = withoutBOM(data[...])
        let isUTF8 = isM3U8 || String(validating: bytes, as: UTF8.self) != nil
        let encoding: Encoding = isUTF8 ? .utf8 : .windows1252
        guard looksLikeText(bytes) else {
            return Result(entries: [], encoding: encoding, looksLikePlaylist: false)
        }
        var entries: [PlaylistEntry] = []
        // Sized once, for an entry a line at most: an export has 200,000.
        entries.reserveCapacity(bytes.count(where: { $0 == 0x0A }) + 1)
        var reader = LineReader(isUTF8: isUTF8)
        forEachLine(of: bytes) { reader.read($0) { entries.append($0) } }
        return Result(entries: entries, encoding: encoding, looksLikePlaylist: true)
    }

    /// The bytes without a UTF-8 byte order mark at their start.
    public static func withoutBOM(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes
    }

    /// Reads a playlist a line at a time, in order, for `parse` and for a caller that reads
    /// the file in pieces (an edited export) and decides its encoding and `looksLikeText`
    /// itself. The first line is given without its byte order mark.
    public struct LineReader {
        private let isUTF8: Bool
        private var number = 0
        private var pendingHint: ExtInf?

        public init(isUTF8: Bool) {
            self.isUTF8 = isUTF8
        }

        /// Reads the next line, without its line feed, and hands `body` the entry it makes.
        public mutating func read(_ rawLine: ArraySlice<UInt8>, each body: (PlaylistEntry) -> Void) {
            number += 1
            let line = M3UParser.trimmed(rawLine)
            guard !line.isEmpty else { return }
            let text = isUTF8 ? String(decoding: line, as: UTF8.self) : Windows1252.decode(line)
            if line.first == UInt8(ascii: "#") {
                if text.hasPrefix("#EXTINF:") { pendingHint = ExtInf(directive: text.dropFirst(8)) }
                return
            }
            if line.contains(0) {
                body(
                    PlaylistEntry(
                        line: number, text: text,
                        location: .unusable("holds a NUL byte, which no file name can"),
                        hint: pendingHint))
                pendingHint = nil
                return
            }
            body(
                M3UParser.entry(
                    line: number, text: text, bytes: Array(line), decodedFromCP1252: !isUTF8,
                    hint: pendingHint))
            pendingHint = nil
        }
    }

    private static func entry(line: Int, text: String, bytes: [UInt8], decodedFromCP1252: Bool, hint: ExtInf?)
        -> PlaylistEntry
    {
        // The checks below look at bytes: on a whole-library export of 200,000 lines, lowercasing
        // and Foundation's searches of each line cost more than the rest of the parse.
        if bytes.count >= 5, bytes[4] == UInt8(ascii: ":"),
            bytes.prefix(4).map({ $0 | 0x20 }).elementsEqual("file".utf8)
        {
            var rest = text.dropFirst(5)
            if rest.hasPrefix("//") {
                rest = rest.dropFirst(2)
                // file://host/path: only an empty host or localhost is this machine.
                if let slash = rest.firstIndex(of: "/") {
                    let host = rest[..<slash].lowercased()
                    if host.isEmpty || host == "localhost" { rest = rest[slash...] }
                }
            }
            return PlaylistEntry(
                line: line, text: text, location: .file(RawPath(bytes: PercentDecoding.decode(rest))),
                hint: hint)
        }
        if isURL(bytes) { return PlaylistEntry(line: line, text: text, location: .stream(text), hint: hint) }
        if isWindowsAbsolute(bytes) {
            return PlaylistEntry(line: line, text: text, location: .windowsPath(text), hint: hint)
        }
        // The text's UTF-8 is the bytes themselves unless they were read as Windows-1252.
        let written = decodedFromCP1252 ? RawPath(text) : RawPath(bytes: bytes)
        var alternatives: [RawPath] = []
        let hasBackslash = bytes.contains(UInt8(ascii: "\\"))
        if hasBackslash { alternatives.append(RawPath(text.replacingBackslashes())) }
        if decodedFromCP1252 {
            alternatives.append(RawPath(bytes: bytes))
            if hasBackslash {
                alternatives.append(
                    RawPath(bytes: bytes.map { $0 == UInt8(ascii: "\\") ? UInt8(ascii: "/") : $0 }))
            }
        } else if !text.utf8.equals(bytes) {
            // Invalid UTF-8 in a UTF-8 playlist: the raw bytes are the real file name.
            return PlaylistEntry(line: line, text: text, location: .file(RawPath(bytes: bytes)), hint: hint)
        }
        return PlaylistEntry(
            line: line, text: text, location: .file(written), alternatives: alternatives, hint: hint)
    }

    /// How much of a file's start `looksLikeText` looks at.
    public static let headSize = 65536

    /// Text has few control characters; binary data (audio, images, compressed or UTF-16
    /// text) has one byte in ten or more, and NULs among them. Tabs, line ends and form feeds count
    /// as text, and so does a handful of stray controls in a short file. The head of the file tells.
    public static func looksLikeText(_ bytes: ArraySlice<UInt8>) -> Bool {
        let head = bytes.prefix(headSize)
        let controls = head.count(where: { $0 < 0x20 && !(0x09...0x0D).contains($0) })
        return controls < 8 || controls * 100 <= head.count * 3
    }

    /// `scheme://` with an RFC 3986 scheme of two or more letters (one letter is a drive).
    private static func isURL(_ bytes: [UInt8]) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon >= 2,
            bytes[colon...].starts(with: "://".utf8), isLetter(bytes[0])
        else { return false }
        return bytes[..<colon].allSatisfy { byte in
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || "+-.".utf8.contains(byte)
        }
    }

    /// `C:\…`, `C:/…` or a UNC `\\server\share\…` path (its first bytes are ASCII in either
    /// encoding).
    private static func isWindowsAbsolute(_ bytes: [UInt8]) -> Bool {
        let backslash = UInt8(ascii: "\\")
        if bytes.starts(with: [backslash, backslash]) { return true }
        guard bytes.count >= 3 else { return false }
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[0] | 0x20)
            && bytes[1] == UInt8(ascii: ":")
            && (bytes[2] == backslash || bytes[2] == UInt8(ascii: "/"))
    }

    /// Calls `body` with each line's bytes, without its line feed: a file ending in one has
    /// an empty last line. `split` made an array of every line first.
    private static func forEachLine(of bytes: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Void) {
        var start = bytes.startIndex
        while true {
            let from = start - bytes.startIndex
            let found: Int? = bytes.withUnsafeBufferPointer { buffer in
                guard from < buffer.count, let base = buffer.baseAddress,
                    let hit = memchr(base + from, 0x0A, buffer.count - from)
                else { return nil }
                return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            }
            let end = found.map { bytes.startIndex + $0 } ?? bytes.endIndex
            body(bytes[start..<end])
            guard end < bytes.endIndex else { return }
            start = end + 1
        }
    }

    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard let start = line.firstIndex(where: { !isSpace($0) }),
            let end = line.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return line[start...end]
    }
}

extension String {
    fileprivate func replacingBackslashes() -> String {
        String(map { $0 == "\\" ? "/" : $0 })
    }
}
