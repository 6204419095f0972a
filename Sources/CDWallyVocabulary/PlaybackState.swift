/// What the player is doing, as a CD player's display would say it.
public enum PlaybackState: String, Sendable, Hashable, Codable {
    case playing
    case paused
    /// A disc is chosen but not playing: after `stop`, or when a disc ended with `--then stop`.
    case stopped
    /// Nothing has been chosen since the player started.
    case idle
}
