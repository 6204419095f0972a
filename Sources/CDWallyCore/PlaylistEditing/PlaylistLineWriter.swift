/// The lines cdwally writes into the user's playlist, made so that they read back as exactly
/// what was meant (docs/PRODUCT.md §11). A tag or a folder name comes from anywhere (a file
/// from the internet, a rip of a foreign CD): it must never write a second line, turn an entry
/// into a comment, or name some other file. So a hint is one line whatever its tags hold, and
/// every entry line is parsed by `M3UParser` before it is written.
public enum PlaylistLineWriter {
    /// The `#EXTINF` hint, without its line end: control characters (Unicode `Cc`, a line
    /// feed among them) and line and paragraph separators become spaces, so it stays one line
    /// in any program's reading. A character the encoding lacks becomes `?`: a hint is only
    /// a hint.
    public static func hint(
        seconds duration: Double, artist: String, title: String, encoding: M3UParser.Encoding
    ) -> [UInt8] {
        // `Int(_:)` traps on a finite Double past its range; a tag may say anything.
        let seconds = duration.isFinite && duration >= 0 && duration < 1e9 ? Int(duration.rounded()) : -1
        let text = "#EXTINF:\(seconds),\(oneLine(artist)) - \(oneLine(title))"
        switch encoding {
        case .utf8: return Array(text.utf8)
        case .windows1252:
            return text.unicodeScalars.flatMap { Windows1252.encode(String($0)) ?? [UInt8(ascii: "?")] }
        }
    }

    /// The entry line naming the file `path` (absolute), for a playlist in `folder` inside
    /// `library`, in the style's form and encoding, without its line end.
    ///
    /// A relative line is relative to the playlist's own folder, with `..` read lexically as
    /// MPD reads it, when both the folder and the file are inside the library; otherwise the
    /// line is absolute. A relative line that would misread (a leading `#` or blank, a first
    /// segment that looks like a scheme or a drive) gets a `./` prefix. A `file://` URI, which
    /// is absolute, only where no plain line can carry the path: control characters, trailing
    /// blanks, bytes the file's encoding cannot hold.
    public static func line(naming path: RawPath, folder: RawPath, library: RawPath, style: PlaylistStyle)
        -> [UInt8]
    {
        let meant = path.lexicallyNormalized()
        let uri = Array(meant.fileURL.utf8)
        guard style.pathForm != .fileURL, plainLineCanCarry(meant, style.encoding) else { return uri }
        var candidates: [[UInt8]] = []
        if style.pathForm == .relative,
            let relative = relativeBytes(of: meant, from: folder.lexicallyNormalized(), within: library)
        {
            let prefixed = Array("./".utf8) + relative
            candidates = looksLikeSchemeOrDrive(relative) ? [prefixed] : [relative, prefixed]
            if style.backslashes && !relative.contains(backslash) {
                candidates = candidates.map { $0.map { $0 == slash ? backslash : $0 } }
            }
        } else {
            candidates = [meant.bytes]
        }
        for candidate in candidates {
            guard let encoded = encoded(candidate, style.encoding) else { continue }
            if reads(encoded, as: meant, folder: folder, style: style) { return encoded }
        }
        return uri
    }

    /// True when `line`, read by `M3UParser` in the style's encoding from a playlist in
    /// `folder`, is one entry naming `path`: as written, or (in a file written with
    /// backslashes) as its backslashes read as slashes.
    public static func reads(_ line: [UInt8], as path: RawPath, folder: RawPath, style: PlaylistStyle) -> Bool
    {
        guard !line.contains(0x0A) else { return false }
        var reader = M3UParser.LineReader(isUTF8: style.encoding == .utf8)
        var entries: [PlaylistEntry] = []
        reader.read(line[...]) { entries.append($0) }
        guard entries.count == 1, case .file(let written) = entries[0].location else { return false }
        let readings = [written] + (style.backslashes ? entries[0].alternatives.prefix(1) : [])
        let meant = path.lexicallyNormalized()
        return readings.contains {
            ($0.isAbsolute ? $0 : folder.appending($0)).lexicallyNormalized() == meant
        }
    }

    private static let slash = UInt8(ascii: "/")
    private static let backslash = UInt8(ascii: "\\")

    static func oneLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: scalars.append(" ")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// False for a path with a control character, a trailing blank (the parser trims it, as
    /// other players do), or bytes the encoding cannot hold. Bytes that are not UTF-8 are
    /// never written raw: in an `.m3u8` they break the file for every other program, and in
    /// an `.m3u` that is UTF-8 they would make it read as Windows-1252.
    private static func plainLineCanCarry(_ path: RawPath, _ encoding: M3UParser.Encoding) -> Bool {
        guard let text = String(validating: path.bytes, as: UTF8.self) else { return false }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return false }
        if let last = path.bytes.last, last == 0x20 || last == 0x09 { return false }
        return encoding == .utf8 || Windows1252.encode(text) != nil
    }

    /// `path` relative to `folder`, with `..` to climb, when both are inside `library`.
    private static func relativeBytes(of path: RawPath, from folder: RawPath, within library: RawPath)
        -> [UInt8]?
    {
        let library = library.lexicallyNormalized()
        guard path.isAbsolute, folder.isAbsolute, path.isInside(library), folder.isInside(library) else {
            return nil
        }
        let target = path.components
        let base = folder.components
        var common = 0
        while common < target.count, common < base.count, target[common].elementsEqual(base[common]) {
            common += 1
        }
        // The folder itself, or a folder above it: not a file.
        guard common < target.count else { return nil }
        let parts = Array(repeating: ArraySlice("..".utf8), count: base.count - common) + target[common...]
        return Array(parts.joined(separator: [slash]))
    }

    /// A first segment `name:` with an RFC 3986 scheme for a name (one letter is a drive):
    /// other programs take `Live:…` for a protocol and `C:…` for a drive, whatever cdwally's
    /// parser makes of it.
    private static func looksLikeSchemeOrDrive(_ relative: [UInt8]) -> Bool {
        let first = relative.prefix(while: { $0 != slash && $0 != backslash })
        guard let colon = first.firstIndex(of: UInt8(ascii: ":")), colon > first.startIndex else {
            return false
        }
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        guard isLetter(first[first.startIndex]) else { return false }
        return first[..<colon].allSatisfy { byte in
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || "+-.".utf8.contains(byte)
        }
    }

    /// The bytes, UTF-8 already, in the encoding; nil when it cannot hold them.
    private static func encoded(_ bytes: [UInt8], _ encoding: M3UParser.Encoding) -> [UInt8]? {
        switch encoding {
        case .utf8: return bytes
        case .windows1252:
            return String(validating: bytes, as: UTF8.self).flatMap { Windows1252.encode($0) }
        }
    }
}
