/// What an MPRIS client asked the player to do. The server has already dropped calls that
/// MPRIS says have no effect (a `Can…` property is false, or `SetPosition` names a track
/// that is no longer current or a position outside it).
public enum MPRISCommand: Equatable, Sendable {
    case play
    case pause
    case playPause
    case stop
    case next
    case previous
    /// Move by this many microseconds (negative: back). MPRIS wants a target before the
    /// start of the track to mean its start, and one past its end to mean `next`.
    case seek(offsetMicroseconds: Int64)
    /// Jump to this position in the current track, in microseconds.
    case setPosition(microseconds: Int64)
    /// A client set `Volume`: 1.0 is full volume, never negative.
    case setVolume(Double)
    case quit
}
