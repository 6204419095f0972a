import Foundation

/// One entry line of an M3U playlist, with the `#EXTINF` hint that preceded it.
public struct PlaylistEntry: Sendable, Hashable {
    public enum Location: Sendable, Hashable {
        /// A local path as written: absolute, or relative to the playlist's folder.
        case file(RawPath)
        /// An `http(s)://` or other stream URL: skipped, cdwally is offline.
        case stream(String)
        /// A Windows drive or UNC path (`C:\Music\…`): it cannot exist here, so only the
        /// `#EXTINF` hint or the file name can find it.
        case windowsPath(String)
        /// A line no file can be named by (it holds a NUL byte): unavailable, for the reason
        /// given, and never cut short into some other path.
        case unusable(String)
    }

    /// 1-based line number of the entry's path line.
    public var line: Int
    /// The entry as written, decoded for display.
    public var text: String { writtenText ?? pathText }
    public let location: Location
    /// The text, when it is not the UTF-8 of the `.file` path: most lines are a path as it
    /// is, and a 200,000-line export held each twice.
    private let writtenText: String?
    /// Other spellings of a `.file` path worth trying on disk, in order: backslashes turned
    /// into slashes, and the undecoded bytes of a playlist read as Windows-1252.
    public var alternatives: [RawPath] { extras?.alternatives ?? [] }
    public var hint: ExtInf? { extras?.hint }
    /// The alternatives and hint, boxed when there are any: most lines have neither, and an
    /// entry of a 200,000-line export is three times the size with them inline.
    private let extras: Extras?

    private final class Extras: Sendable, Hashable {
        let alternatives: [RawPath]
        let hint: ExtInf?

        init(alternatives: [RawPath], hint: ExtInf?) {
            self.alternatives = alternatives
            self.hint = hint
        }

        static func == (a: Extras, b: Extras) -> Bool { a.alternatives == b.alternatives && a.hint == b.hint }

        func hash(into hasher: inout Hasher) {
            hasher.combine(alternatives)
            hasher.combine(hint)
        }
    }

    public init(
        line: Int, text: String, location: Location, alternatives: [RawPath] = [], hint: ExtInf? = nil
    ) {
        self.line = line
        self.location = location
        if case .file(let path) = location, text.utf8.equals(path.bytes) {
            writtenText = nil
        } else {
            writtenText = text
        }
        extras = alternatives.isEmpty && hint == nil ? nil : Extras(alternatives: alternatives, hint: hint)
    }

    private var pathText: String {
        guard case .file(let path) = location else { return "" }
        return String(decoding: path.bytes, as: UTF8.self)
    }

    /// The file name the entry ends with (after the last `/` or `\`), for finding a moved file.
    public var fileName: String {
        let name = text.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? text
        return name.removingPercentEncodingIfFileURL(isFileURL: text.lowercased().hasPrefix("file:"))
    }
}

extension String {
    fileprivate func removingPercentEncodingIfFileURL(isFileURL: Bool) -> String {
        guard isFileURL else { return self }
        return String(decoding: PercentDecoding.decode(self), as: UTF8.self)
    }
}

extension String.UTF8View {
    /// `elementsEqual(bytes)`, compared in one block where the string allows: element by
    /// element it was a tenth of the parse of a whole-library export.
    func equals(_ bytes: [UInt8]) -> Bool {
        let same = withContiguousStorageIfAvailable { mine in
            bytes.withUnsafeBufferPointer { theirs in
                mine.count == theirs.count
                    && (mine.isEmpty || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0)
            }
        }
        return same ?? elementsEqual(bytes)
    }
}
