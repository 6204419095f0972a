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
    public var text: String
    public var location: Location
    /// Other spellings of a `.file` path worth trying on disk, in order: backslashes turned
    /// into slashes, and the undecoded bytes of a playlist read as Windows-1252.
    public var alternatives: [RawPath]
    public var hint: ExtInf?

    public init(
        line: Int, text: String, location: Location, alternatives: [RawPath] = [], hint: ExtInf? = nil
    ) {
        self.line = line
        self.text = text
        self.location = location
        self.alternatives = alternatives
        self.hint = hint
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
