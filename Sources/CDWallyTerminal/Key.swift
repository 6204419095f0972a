/// One key press as the terminal sent it, decoded from raw-mode bytes by `KeyDecoder`.
public enum Key: Sendable, Hashable {
    /// A printable character (space included).
    case character(Character)
    case enter
    case escape
    case backspace
    case tab
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    case insert
    case delete
    /// A function key, F1 to F12.
    case function(Int)
    /// Ctrl plus a letter, lower case: Ctrl-C is `.control("c")` (byte 3, raw mode sends it
    /// as a key instead of SIGINT).
    case control(Character)
    /// A sequence the decoder does not know; ignored rather than read as stray letters.
    case unknown
}
