import CDWallyCore

/// The file name extensions the library indexes: what TagLib reads and mpv plays
/// (PRODUCT.md §1). Anything else in a music folder (covers, cue sheets, logs) is ignored.
public enum AudioFileTypes {
    public static let extensions: Set<String> = [
        "flac", "mp3", "ogg", "oga", "opus", "m4a", "m4b", "mp4", "aac", "alac", "wav", "aif", "aiff",
        "aifc", "wv", "ape", "wma", "asf", "mpc", "spx", "tta", "dsf",
    ]

    public static func isAudio(_ path: RawPath) -> Bool {
        extensions.contains(path.fileExtension)
    }

    /// True for `CDs.m3u` and `CDs.m3u8` in any case: the wallet playlist's name.
    public static func isWalletPlaylist(_ path: RawPath) -> Bool {
        let name = path.lastComponent.display.lowercased()
        return name == "cds.m3u" || name == "cds.m3u8"
    }
}
