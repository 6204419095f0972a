import CDWallyPlayer

extension KeyAction {
    /// The player command this key sends on its own; nil for the display's own keys (help,
    /// the disc number being typed, redraw, quit).
    var playerCommand: PlayerCommand? {
        switch self {
        case .togglePlay: .toggle
        case .nextTrack: .next
        case .previousTrack: .previous
        case .seek(let seconds): .seek(.relative(seconds))
        case .nextDisc: .nextDisc
        case .previousDisc: .previousDisc
        case .randomDisc: .randomDisc
        case .stop: .stop
        case .digit, .confirmDisc, .cancelDisc, .eraseDigit, .toggleHelp, .redraw, .quit: nil
        }
    }
}
