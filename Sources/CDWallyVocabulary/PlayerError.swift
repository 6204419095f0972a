/// What can go wrong in the player, each case carrying what its one-line message needs.
public enum PlayerError: Error, CustomStringConvertible, Hashable, Sendable {
    /// A libmpv call failed: `call` names it, `message` is mpv's own text.
    case mpv(call: String, message: String)
    /// `mpv_create` gave no handle (out of memory, or a numeric locale mpv refuses).
    case mpvCreateFailed
    /// An mpv option from the configuration was refused.
    case invalidOption(name: String, value: String, message: String)
    /// `play` named a wallet position that does not exist (any position, when the wallet is
    /// empty).
    case discOutOfRange(requested: Int, walletSize: Int)
    /// `disc` named by its album's id (the control socket's hand-over of `play WORDS`), but no
    /// disc of the wallet is that album, even after the wallet was looked at again.
    case albumNotInWallet(id: String)
    /// `volume` asked for a level outside 0…`maximum` (`volume_max`), or a step larger than
    /// that whole range; `requested` as it was written.
    case volumeOutOfRange(requested: String, maximum: Int)
    /// `shuffle` with no disc loaded: it applies to the loaded disc (docs/PRODUCT.md §11), and
    /// would otherwise wait, unseen, to shuffle whichever disc came next.
    case noDiscToShuffle
    /// `track` named a track the disc does not have.
    case trackOutOfRange(requested: Int, trackCount: Int, album: String)
    /// No audio output could be opened on `device` ("auto" when none was configured).
    case audioOutputFailed(device: String, message: String)
    /// Every track of the disc failed to load, so nothing played.
    case nothingPlayable(album: String)
    /// The resume file could not be read or made no sense; it was ignored.
    case resumeStateUnreadable(file: String, reason: String)
    /// The resume file could not be written.
    case resumeStateNotSaved(file: String, reason: String)
    /// The listening history (`ListeningLog`) could not be written in its state folder.
    case listeningLogNotSaved(folder: String, reason: String)
    /// A state file (`resume.json`, `listens.json`, `volume.json`) of a format `version` newer
    /// than this cdwally's `readable` one: neither read nor replaced, never set aside.
    case newerStateFile(file: String, version: Int, readable: Int)
    /// Another process holds the state folder: only the player holding it writes the
    /// resume points there, so a second one can never overwrite them with a stale copy.
    case stateInUse(folder: String)
    /// `[player] mixer = "hardware"`, but the output has no mixer of its own.
    case noHardwareMixer(device: String)
    /// mpv's core is held by its audio output (a pipe nobody reads, a hung device) and
    /// answers nothing; playback goes on by itself once the output takes audio again.
    case outputStalled
    /// The player was shut down; it takes no more commands.
    case shutDown
    /// No player yet: `serve` waits for its library folder (a disk not mounted yet).
    case waitingForLibrary(path: String)
    /// The library's file system does not answer (a network share whose server went away), and
    /// mpv waits inside a read of it: what needs mpv waits too.
    case libraryNotAnswering(path: String)

    public var description: String {
        switch self {
        case .mpv(let call, let message):
            return "libmpv: \(call) failed: \(message)"
        case .mpvCreateFailed:
            return
                "libmpv: could not create a player (mpv_create failed); check memory and that LC_NUMERIC is C"
        case .invalidOption(let name, let value, let message):
            return "mpv option '\(name)=\(value)' was refused (\(message)); fix or remove it in [player.mpv]"
        case .volumeOutOfRange(let requested, let maximum):
            return
                "there is no volume \(requested): a level is 0 to \(maximum), a step +N or -N at most \(maximum)"
                + (maximum == 100 ? " (volume_max in [player] allows more)" : "")
        case .discOutOfRange(let requested, let walletSize):
            if walletSize == 0 {
                return "there is no disc \(requested): the wallet is empty; add albums to the CDs playlist"
            }
            let discs = walletSize == 1 ? "1 disc (1)" : "\(walletSize) discs (1–\(walletSize))"
            return "there is no disc \(requested): the wallet holds \(discs)"
        case .albumNotInWallet(let id):
            return "there is no disc with the album id \(id) in the wallet; `cdwally discs` lists them"
        case .noDiscToShuffle:
            return
                "there is no disc to shuffle: shuffle applies to the disc loaded; play one first (`cdwally play`)"
        case .trackOutOfRange(let requested, let trackCount, let album):
            let tracks = trackCount == 1 ? "1 track (1)" : "\(trackCount) tracks (1–\(trackCount))"
            return "there is no track \(requested) on '\(album)': it has \(tracks)"
        case .audioOutputFailed(let device, let message):
            return
                "could not open audio device '\(device)' (\(message)); choose another with --audio-device NAME "
                + "(see `cdwally list-devices`) or play silently with --mpv ao=null"
        case .nothingPlayable(let album):
            return "no track of '\(album)' could be played: check that its files exist and are readable"
        case .resumeStateUnreadable(let file, let reason):
            return "ignored the resume file \(file) (\(reason)); discs will start from track 1"
        case .resumeStateNotSaved(let file, let reason):
            return "could not save play positions to \(file) (\(reason)); check that the folder is writable"
        case .listeningLogNotSaved(let folder, let reason):
            return
                "could not save the listening history in \(folder) (\(reason)); check that the folder is writable"
        case .newerStateFile(let file, let version, let readable):
            return
                "\(file) is format version \(version), from a newer cdwally; this one reads version \(readable) "
                + "and leaves the file as it is (upgrade cdwally, or move the file away)"
        case .stateInUse(let folder):
            return
                "another cdwally player holds \(folder), where the play positions are kept; "
                + "control that one, or stop it with `cdwally quit` first"
        case .noHardwareMixer(let device):
            return
                "the audio output '\(device)' has no volume control of its own; set mixer = \"software\" "
                + "under [player] in config.toml"
        case .outputStalled:
            return
                "the audio output is not taking audio (a pipe nobody reads, or a device that hangs); "
                + "cdwally is waiting for it and plays on by itself when it does"
        case .shutDown:
            return "the player has shut down"
        case .waitingForLibrary(let path):
            return "the player is waiting for \(path), which is not there yet"
        case .libraryNotAnswering(let path):
            return
                "the library at \(path) does not answer (a network share whose server went away?); "
                + "the player waits for it and plays on by itself when it does"
        }
    }
}
