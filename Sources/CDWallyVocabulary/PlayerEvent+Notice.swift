import CDWallyCore

/// What an event says to a person, in the same words wherever it is shown: the log of
/// `serve`, the lines of `play` without a terminal, the message line of the display.
public struct EventNotice: Sendable, Equatable {
    public enum Level: Sendable, Equatable {
        case info, warning, error
    }

    public var level: Level
    public var text: String
}

extension PlayerEvent {
    /// Nil for the events that only change what is shown (a snapshot, a seek, a new track,
    /// which each front end shows in its own way).
    public var notice: EventNotice? {
        switch self {
        case .discFinished(let album):
            EventNotice(level: .info, text: "Finished: \(album.albumArtist) — \(album.title)")
        case .trackSkipped(let path, let reason):
            EventNotice(level: .warning, text: "Skipped \(path.display): \(reason)")
        case .warning(let warning):
            EventNotice(level: .warning, text: "\(warning)")
        case .error(let error):
            EventNotice(level: .error, text: "\(error)")
        case .playbackFinished(let walletPlayedThrough):
            EventNotice(level: .info, text: walletPlayedThrough ? "The last disc ended" : "Playback ended")
        case .snapshotChanged, .trackChanged, .seeked:
            nil
        }
    }
}
