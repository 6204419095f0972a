import CDWallyPlayer

extension MediaKeyAction {
    /// Seconds a fast-forward or rewind key jumps.
    public static let seekStep = 10.0

    /// The player command a key press asks for. On a stopped player, play and play-pause
    /// start the disc played last (the engine's `resume` and `toggle` do that).
    public var playerCommand: PlayerCommand {
        switch self {
        case .playPause: return .toggle
        case .play: return .resume
        case .pause: return .pause
        case .stop: return .stop
        case .next: return .next
        case .previous: return .previous
        case .seekForward: return .seek(.relative(MediaKeyAction.seekStep))
        case .seekBackward: return .seek(.relative(-MediaKeyAction.seekStep))
        case .nextDisc: return .nextDisc
        case .previousDisc: return .previousDisc
        case .randomDisc: return .randomDisc
        }
    }
}
