/// What kind of failure a `PlayerError` is: the one classification every door maps, each in
/// its own terms (the CLI to an exit code, the control socket to its `code` and `kind`, the web
/// to a status and `kind`). The raw value is the stable word scripts read on both wires.
public enum PlayerErrorKind: String, Sendable, Hashable, CaseIterable {
    /// The request named what is not there: a disc, a track, a volume out of range, a disc to
    /// shuffle.
    case outOfRange = "out-of-range"
    /// No audio output could be opened, or it has no mixer of its own.
    case audioOutput = "audio-output"
    /// The audio output takes no audio (a pipe nobody reads); playback goes on once it does.
    case outputStalled = "output-stalled"
    /// An option from the configuration was refused.
    case badOption = "bad-option"
    /// Another process holds the state folder.
    case stateInUse = "state-in-use"
    /// A state file of a newer cdwally: neither read nor replaced.
    case newerStateFile = "newer-state-file"
    /// A state file could not be read or written.
    case stateFile = "state-file"
    /// No track of the disc could be played.
    case nothingPlayable = "nothing-playable"
    /// The player has shut down and takes no more commands.
    case shutDown = "shut-down"
    /// No player yet: it waits for its library (`waitingFor` in the status says what).
    case waiting = "waiting"
    /// libmpv failed.
    case failed = "failed"
}

extension PlayerError {
    public var kind: PlayerErrorKind {
        switch self {
        case .discOutOfRange, .trackOutOfRange, .volumeOutOfRange, .albumNotInWallet, .noDiscToShuffle:
            .outOfRange
        case .audioOutputFailed, .noHardwareMixer: .audioOutput
        case .outputStalled: .outputStalled
        case .invalidOption: .badOption
        case .stateInUse: .stateInUse
        case .newerStateFile: .newerStateFile
        case .resumeStateNotSaved, .resumeStateUnreadable, .listeningLogNotSaved: .stateFile
        case .nothingPlayable: .nothingPlayable
        case .shutDown: .shutDown
        case .waitingForLibrary, .libraryNotAnswering: .waiting
        case .mpv, .mpvCreateFailed: .failed
        }
    }
}
