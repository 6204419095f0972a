import CDWallyVocabulary

/// What a key asks the terminal player to do: a player command, or one of the display's own.
public enum KeyAction: Sendable, Hashable {
    /// Sent to the player as it is.
    case player(PlayerCommand)
    /// A digit of a disc number being typed.
    case digit(Int)
    /// Plays the disc whose number was typed.
    case confirmDisc
    /// Drops the disc number being typed.
    case cancelDisc
    /// Takes back the last digit typed.
    case eraseDigit
    case toggleHelp
    /// Opens the library search.
    case search
    /// Draws the whole screen again (after something scribbled on it).
    case redraw
    /// Gives the shell its terminal back and stops, as Ctrl-Z does to any job.
    case suspend
    case quit
}
