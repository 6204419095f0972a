/// What a volume command asks for. Levels are mpv's software volume in percent: 100 leaves
/// the signal as it is, and no level goes past mpv's `volume-max`.
public enum VolumeChange: Sendable, Hashable {
    /// This level.
    case set(Double)
    /// Up (positive) or down by this many points.
    case by(Double)
    case mute
    case unmute
    case toggleMute
}
