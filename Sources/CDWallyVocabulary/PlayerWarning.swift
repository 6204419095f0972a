import CDWallyCore

/// Something a user should hear about that does not stop playback, or stops it only until
/// what it needs is back.
public enum PlayerWarning: Sendable, Hashable, CustomStringConvertible {
    /// No configured output opened, so mpv plays into a null output (silence).
    case fellBackToNullOutput(device: String)
    /// The resume file was unreadable or garbage and was ignored.
    case resumeStateIgnored(file: String, reason: String)
    /// A listening-memory file was damaged; it was renamed to `aside` and the memory restarts.
    case listeningLogSetAside(file: String, aside: String, reason: String)
    /// A listening-memory file could not be read (permissions, I/O); it was left as it is.
    case listeningLogUnreadable(file: String, reason: String)
    /// A state file of a newer format was left as it is, unread (`PlayerError.newerStateFile`).
    case newerStateFile(file: String, version: Int, readable: Int)
    /// The next track's file is gone with its disk (a stick pulled): the disc stopped there, as
    /// a power cut would stop it, to play on when the disk is back.
    case goneWithItsDisk(RawPath)

    public var description: String {
        switch self {
        case .fellBackToNullOutput(let device):
            return "audio device '\(device)' could not be opened; playing silently to a null output"
        case .resumeStateIgnored(let file, let reason):
            return PlayerError.resumeStateUnreadable(file: file, reason: reason).description
        case .listeningLogSetAside(let file, let aside, let reason):
            return "set aside the listening history \(file) as \(aside) (\(reason)); it starts afresh"
        case .listeningLogUnreadable(let file, let reason):
            return "could not read the listening history \(file) (\(reason)); it is left as it is"
        case .newerStateFile(let file, let version, let readable):
            return PlayerError.newerStateFile(file: file, version: version, readable: readable).description
        case .goneWithItsDisk(let path):
            return "\(path.display) is gone with its disk: stopped there until it is back"
        }
    }
}
