import CMPV

/// An mpv error status, kept with mpv's own message so nobody outside this folder handles
/// a raw `Int32`.
struct MPVErrorCode: Sendable, Equatable, CustomStringConvertible {
    let rawValue: Int32

    init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    init(_ error: mpv_error) {
        self.rawValue = error.rawValue
    }

    static let optionNotFound = MPVErrorCode(MPV_ERROR_OPTION_NOT_FOUND)
    static let propertyUnavailable = MPVErrorCode(MPV_ERROR_PROPERTY_UNAVAILABLE)
    static let loadingFailed = MPVErrorCode(MPV_ERROR_LOADING_FAILED)
    static let audioOutputInitFailed = MPVErrorCode(MPV_ERROR_AO_INIT_FAILED)
    static let nothingToPlay = MPVErrorCode(MPV_ERROR_NOTHING_TO_PLAY)
    static let unknownFormat = MPVErrorCode(MPV_ERROR_UNKNOWN_FORMAT)

    /// mpv's text for the status, e.g. "loading failed". Only a loaded libmpv returns statuses.
    var description: String {
        guard let library = try? MPVLibrary.shared.get(), let text = library.errorString(rawValue) else {
            return "error \(rawValue)"
        }
        return String(cString: text)
    }
}
