import CDWallyCore
import CDWallyVocabulary

/// What a client asks of the running player over the control socket: one request per
/// line of the protocol (`PROTOCOL.md` in this folder). Every verb but `status` and `quit` is
/// a player command; `PlayerVerb.table` holds their names on the wire.
public enum ControlRequest: Sendable, Hashable {
    case command(PlayerCommand)
    /// Only the status; every answer carries it anyway.
    case status
    /// The status now and again on every change a status bar shows, on the same connection,
    /// until either side ends it (`cdwally status --follow`): the host's, not the player's.
    case follow
    /// Ends the player's process, saving every position: the host's, not the player's.
    case quit
    /// Plays the disc of the album `id`, from its start when `fromStart`: `disc` with an
    /// `album` field. The host finds its wallet position, once its wallet holds it (a disc
    /// just added reaches it within the watcher's half second), so `cdwally play WORDS`
    /// hands an album over without waiting for that.
    case album(AlbumID, fromStart: Bool)
    /// A card, as if the player's reader had read it (`cdwally card read`): the host's, which
    /// decides what it does (docs/PRODUCT.md §11). Answered once it did it, the status's
    /// `lastCard` saying what that was.
    case cardRead(CardNumber)
    /// Answered by the next card any reader of the player reads, which does nothing else, or by
    /// a refusal after `seconds` (`cdwally card assign` without `--card`). `pid` is the asking
    /// process: once it is gone (the user pressed Ctrl-C), the next card plays as any card does.
    case nextCard(seconds: Int, pid: Int32?)
    /// The words after `cdwally` on a command line, from the small control client that the
    /// installed `cdwally` is: the host carries them out as the CLI would and answers what the
    /// CLI prints (`PrintedLines`), or refuses with `unknown-command` a line that
    /// is not one control command's, which the client then hands to the full program.
    case commandLine([String])
}
