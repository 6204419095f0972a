/// The volume: mpv's software `volume` and `mute` properties, so every output (ALSA,
/// PipeWire, a pipe to Snapcast) hears the same level, and never past `volume-max`.
extension PlayerEngine {
    func changeVolume(_ change: VolumeChange) throws(PlayerError) {
        var level = volume
        var silenced = muted
        switch change {
        case .set(let newLevel): level = newLevel
        case .by(let step): level += step
        case .mute: silenced = true
        case .unmute: silenced = false
        case .toggleMute: silenced.toggle()
        }
        let maximum = (try? mpv.property("volume-max"))?.doubleValue ?? 100
        level = level.isFinite ? min(max(0, level), maximum) : volume
        try mpv.setProperty("volume", .double(level))
        try mpv.setProperty("mute", .flag(silenced))
        volume = level
        muted = silenced
        publish()
    }
}
