import CMPV

/// The formats cdwally observes and reads mpv properties in.
enum MPVPropertyFormat: Sendable {
    case flag
    case int
    case double
    case string
    case node

    var cValue: mpv_format {
        switch self {
        case .flag: return MPV_FORMAT_FLAG
        case .int: return MPV_FORMAT_INT64
        case .double: return MPV_FORMAT_DOUBLE
        case .string: return MPV_FORMAT_STRING
        case .node: return MPV_FORMAT_NODE
        }
    }
}
