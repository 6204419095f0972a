/// Something a user should hear about that does not stop playback.
public enum PlayerWarning: Sendable, Hashable, CustomStringConvertible {
    /// No configured output opened, so mpv plays into a null output (silence).
    case fellBackToNullOutput(device: String)
    /// The resume file was unreadable or garbage and was ignored.
    case resumeStateIgnored(file: String, reason: String)

    public var description: String {
        switch self {
        case .fellBackToNullOutput(let device):
            return "audio device '\(device)' could not be opened; playing silently to a null output"
        case .resumeStateIgnored(let file, let reason):
            return PlayerError.resumeStateUnreadable(file: file, reason: reason).description
        }
    }
}
