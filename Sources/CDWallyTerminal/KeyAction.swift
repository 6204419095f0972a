/// What a key asks the terminal player to do.
public enum KeyAction: Sendable, Hashable {
    case togglePlay
    case nextTrack
    /// Within the first 3 seconds of a track the previous one, else the start of this one.
    case previousTrack
    /// Seconds forward (positive) or back (negative).
    case seek(Double)
    case nextDisc
    case previousDisc
    case randomDisc
    case stop
    /// A digit of a disc number being typed.
    case digit(Int)
    /// Plays the disc whose number was typed.
    case confirmDisc
    /// Drops the disc number being typed.
    case cancelDisc
    /// Takes back the last digit typed.
    case eraseDigit
    case toggleHelp
    /// Draws the whole screen again (after something scribbled on it).
    case redraw
    case quit
}
