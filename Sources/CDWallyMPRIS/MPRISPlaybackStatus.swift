/// What MPRIS clients show and route media keys by: GNOME sends keys to the player that is
/// `playing`, so the status must be kept current.
public enum MPRISPlaybackStatus: String, Sendable, CaseIterable {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"
}
