import CDWallyCore

/// The file name extensions the library indexes: what TagLib reads and mpv plays
/// (docs/PRODUCT.md §1). Anything else in a music folder (covers, cue sheets, logs) is ignored.
public enum AudioFileTypes {
    public static let extensions: Set<String> = [
        "flac", "mp3", "ogg", "oga", "opus", "m4a", "m4b", "mp4", "aac", "alac", "wav", "aif", "aiff",
        "aifc", "wv", "ape", "wma", "asf", "mpc", "spx", "tta", "dsf",
    ]

    private static let longestExtension = extensions.map(\.utf8.count).max() ?? 0

    public static func isAudio(_ path: RawPath) -> Bool {
        isAudio(fileName: name(of: path))
    }

    /// The same test on the bytes of a file name. A scan asks it of every file, so it looks at
    /// the few bytes after the last dot and builds nothing else.
    public static func isAudio(fileName name: ArraySlice<UInt8>) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else { return false }
        let suffix = name[(dot + 1)...]
        guard suffix.count <= longestExtension, suffix.allSatisfy({ $0 < 0x80 }) else { return false }
        return extensions.contains(String(decoding: suffix, as: UTF8.self).lowercased())
    }

    /// True for `CDs.m3u` and `CDs.m3u8` in any case: the wallet playlist's name.
    public static func isWalletPlaylist(_ path: RawPath) -> Bool {
        isWalletPlaylist(fileName: name(of: path))
    }

    /// The same test on the bytes of a file name; a search for playlists asks it of every file.
    public static func isWalletPlaylist(fileName name: ArraySlice<UInt8>) -> Bool {
        guard name.count == 7 || name.count == 8 else { return false }
        // ASCII lower case: no other letter lowers to one of these.
        let lowered = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return lowered.elementsEqual("cds.m3u".utf8) || lowered.elementsEqual("cds.m3u8".utf8)
    }

    /// The bytes of a path's last component (`lastComponent` without building a path).
    private static func name(of path: RawPath) -> ArraySlice<UInt8> {
        let bytes = path.bytes
        var end = bytes.endIndex
        while end > bytes.startIndex && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? bytes.startIndex
        return bytes[start..<end]
    }
}
