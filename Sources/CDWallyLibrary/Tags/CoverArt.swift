/// A picture embedded in an audio file: its bytes and MIME type ("image/jpeg").
public struct CoverArt: Sendable, Hashable {
    public var data: [UInt8]
    public var mimeType: String

    public init(data: [UInt8], mimeType: String) {
        self.data = data
        self.mimeType = mimeType
    }

    /// A file extension for the picture ("jpg", "png"), for naming a cache file; "bin" when
    /// the type is unknown.
    public var fileExtension: String {
        switch mimeType.lowercased() {
        case "image/jpeg", "image/jpg": return "jpg"
        case "image/png": return "png"
        case "image/gif": return "gif"
        case "image/bmp": return "bmp"
        case "image/webp": return "webp"
        default: return "bin"
        }
    }
}
