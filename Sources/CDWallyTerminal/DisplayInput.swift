import CDWallyCore
import CDWallyVocabulary

/// Everything the display loop reacts to, posted to its mailbox from the key thread, the
/// player's events, the clock, the stderr capture, the host and failed commands.
enum DisplayInput: Sendable {
    case key(Key)
    case event(PlayerEvent)
    /// Time to redraw the clock (a few times a second).
    case tick
    /// SIGWINCH: measure the terminal again and draw everything.
    case resize
    /// The cover thread's answer: the picture drawn for a request, or nil for none.
    case cover(CoverArtist.Request, CoverPicture?)
    /// The library's answer to a search of `query`.
    case searchResults(query: String, total: Int, albums: [AlbumSummary])
    /// A line for the message line: a log line, stray stderr, a refused command.
    case message(String)
    /// The terminal hung up, or the player shut down: nothing more to show.
    case ended
    /// The host or the user asked to leave.
    case stop
}
