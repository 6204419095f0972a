/// Which mixer the volume turns (`[player] mixer`).
public enum Mixer: String, Sendable, Hashable, CaseIterable {
    /// mpv's own, after ReplayGain: works on every output, and the level is cdwally's to keep.
    case software
    /// The output's own (ALSA, PulseAudio, PipeWire): the device keeps its level itself.
    /// Many outputs (HDMI, a null or pcm output) have none.
    case hardware
}
