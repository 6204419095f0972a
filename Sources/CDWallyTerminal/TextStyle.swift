/// How a run of text is drawn where the terminal may show styles (`ScreenPainter` decides).
public enum TextStyle: Sendable, Hashable {
    case plain
    case bold
    case dim
    /// Light on dark swapped, bold: the LCD.
    case display

    /// The SGR sequence that starts the style.
    var escape: String {
        switch self {
        case .plain: ""
        case .bold: "\u{1B}[1m"
        case .dim: "\u{1B}[2m"
        case .display: "\u{1B}[1;7m"
        }
    }
}
