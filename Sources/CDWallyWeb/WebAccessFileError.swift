/// Why `web-access.json` cannot be read.
enum WebAccessFileError: Error, Sendable {
    /// Not JSON, or not the shape its version says.
    case unreadable
    /// A version this cdwally does not know (a newer one wrote it).
    case unknownVersion(Int)

    var reason: String {
        switch self {
        case .unreadable: "not a web access file; remove it and pair again"
        case .unknownVersion(let version): "version \(version) is not one this cdwally knows"
        }
    }
}
