import CDWallyPlayer

extension ControlRequest {
    /// The player command the request stands for; nil for `status`, which only reads.
    public var playerCommand: PlayerCommand? {
        switch self {
        case .pause: .pause
        case .resume: .resume
        case .toggle: .toggle
        case .next: .next
        case .previous: .previous
        case .stop: .stop
        case .seek(let seconds, let relative): .seek(relative ? .relative(seconds) : .absolute(seconds))
        case .disc(.number(let position)): .play(disc: position, fromStart: false)
        case .disc(.next): .nextDisc
        case .disc(.previous): .previousDisc
        case .disc(.random): .randomDisc
        case .play(let disc, let fromStart): .play(disc: disc, fromStart: fromStart)
        case .status: nil
        case .quit: .quit
        }
    }
}
