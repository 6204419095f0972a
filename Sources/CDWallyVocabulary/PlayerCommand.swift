import CDWallyCore

/// Everything a user can ask of the player, from any front end (terminal keys, control socket,
/// MPRIS, evdev, web). Ending the process is not here: it is the host's (`PlayerHost`).
public enum PlayerCommand: Sendable, Hashable {
    /// Plays the disc at a 1-based wallet position, resuming its saved track and position
    /// unless `fromStart`. `nil` means the current disc, else the last one played, else disc 1.
    case play(disc: Int?, fromStart: Bool)
    case pause
    /// Unpauses; when stopped or idle, plays as `play(disc: nil, fromStart: false)` would.
    case resume
    case toggle
    /// Stops and remembers the position; `play` or `resume` continues from there.
    case stop
    /// The next track; on the last track it ends the disc (then the end-of-disc action runs).
    case next
    /// Within the first 3 seconds of a track the previous track, else the start of this one.
    case previous
    /// Track N (1-based, in the disc's play order) of the current disc, from its start. Paused,
    /// the player moves there and stays paused, as `next` and `previous` do; stopped or idle, it
    /// plays that track of the disc `play(disc: nil)` would play.
    case track(Int)
    case seek(SeekTarget)
    /// The next disc in the wallet, wrapping from the last to the first.
    case nextDisc
    /// The previous disc in the wallet, wrapping from the first to the last.
    case previousDisc
    /// A disc not played lately.
    case randomDisc
    /// Changes the volume or mute, smoothly (no click), never above `volume-max`.
    case volume(VolumeChange)
    /// Sets or clears the sleep timer.
    case sleep(SleepRequest)
    /// Plays the current disc's tracks in an order drawn once (true), or the album's (false);
    /// nil toggles. Cleared when another disc loads.
    case shuffle(Bool?)
}
