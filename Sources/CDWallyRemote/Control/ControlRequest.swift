/// What a client asks of the running player over the control socket: one request per
/// line of the protocol (`PROTOCOL.md` in this folder).
public enum ControlRequest: Sendable, Hashable {
    case pause
    case resume
    case toggle
    case next
    case previous
    case stop
    /// Seconds from the start of the track, or forward/back from the position when `relative`.
    case seek(seconds: Double, relative: Bool)
    /// Another disc; a number resumes that disc where it was left.
    case disc(DiscChoice)
    /// What `cdwally play [N] [--from-start]` asks of a player that is already running.
    case play(disc: Int?, fromStart: Bool)
    /// Only the status; every answer carries it anyway.
    case status
    /// Saves positions and ends the player.
    case quit
}
