import CDWallyCore
import CTagLib

/// Writes tags and a cover picture into audio files with TagLib, through the CTagLib shim.
/// Used by tests and library generators; the player itself never writes tags.
///
/// Holds only its settings; usable from any thread. The shim writes one file at a time.
public struct TagWriter: Sendable {
    /// The ID3v2 revision for MP3, WAV and AIFF files.
    public var id3v2Version: ID3v2Version

    public init(id3v2Version: ID3v2Version = .v4) {
        self.id3v2Version = id3v2Version
        ctaglib_initialize()
    }

    /// Sets each property-map key ("TITLE", "ALBUMARTIST", "TRACKNUMBER",
    /// "REPLAYGAIN_TRACK_GAIN", any case) to its values and removes the keys given with no
    /// values; other tags in the file stay. `cover` becomes the only, front, picture.
    public func write(
        _ properties: [String: [String]], to path: RawPath, cover: CoverArt? = nil
    ) throws(TagWriteError) {
        // A C string would end at the NUL and name another file; no real path holds one.
        guard !path.bytes.contains(0) else { throw .missing(path) }
        if let cover, cover.data.isEmpty {
            throw .unsupported(path, reason: "the cover picture has no bytes")
        }
        let list = CPropertyList(properties)
        var error = ctaglib_error()
        let status = withExtendedLifetime(list) {
            path.withCString { cPath in
                (cover?.data ?? []).withUnsafeBufferPointer { bytes in
                    (cover?.mimeType ?? "").withCString { mime in
                        var options = ctaglib_write_options(
                            id3v2_version: Int32(id3v2Version.rawValue),
                            picture_data: cover == nil ? nil : bytes.baseAddress,
                            picture_size: bytes.count,
                            picture_mime_type: mime)
                        return ctaglib_write(cPath, list.properties, list.properties.count, &options, &error)
                    }
                }
            }
        }
        do {
            try TagLibFailure.check(status, call: "ctaglib_write", error: &error)
        } catch {
            throw TagWriteError(error, path: path)
        }
    }
}
