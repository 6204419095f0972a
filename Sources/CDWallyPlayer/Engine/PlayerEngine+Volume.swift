import Foundation

/// The volume: a level 0…`volume-max` and a mute flag, on mpv's software mixer (kept in the
/// resume file, so it survives restarts and power cuts) or the output's own (`mixer =
/// "hardware"`, whose level the device keeps). A software change never jumps: mpv applies a
/// new level at once, which can be heard as a click, so the level moves there in small steps
/// over a few tens of milliseconds; mute ramps down before it silences, and unmute ramps up.
/// Each step is posted, never waited for: on an output that holds mpv's core (a pipe drained
/// at real-time pace) the steps queue up in mpv and land together, and what is heard follows
/// within the output's own buffering. A level set from outside (`volume N`, MPRIS, the web)
/// while muted unmutes, as desktop players do.
extension PlayerEngine {
    /// The change per step of a ramp and the time between steps: 40 levels take about 80 ms.
    static let rampStep = 2.0
    static let rampInterval: Duration = .milliseconds(4)

    func changeVolume(_ change: VolumeChange) throws(PlayerError) {
        // A level outside the range is refused, not clamped: `volume 1000` is a typo, and a
        // silent 100 would hide it. A step that fits the range clamps at its ends, as a knob.
        switch change {
        case .set(let wanted) where !(0...configuration.volumeMax).contains(wanted),
            .by(let wanted) where abs(wanted) > configuration.volumeMax:
            throw .volumeOutOfRange(requested: change.text, maximum: configuration.volumeMax)
        default: break
        }
        let level: Int
        var mute = muted
        switch change {
        case .set(let wanted): (level, mute) = (wanted, false)
        case .by(let steps): (level, mute) = (volume + steps, false)
        case .mute: (level, mute) = (volume, true)
        case .unmute: (level, mute) = (volume, false)
        case .toggleMute: (level, mute) = (volume, !muted)
        }
        let clamped = min(max(0, level), configuration.volumeMax)
        if configuration.mixer == .hardware {
            try setHardware(level: clamped, muted: mute)
        } else {
            // The listener is awake: a fade-out of the sleep timer ends here.
            if isFadingToSleep { cancelSleepTimer() }
            rampSoftware(to: clamped, muted: mute)
        }
        volume = clamped
        muted = mute
        if configuration.mixer == .software {
            store.recordVolume(level: volume, muted: muted)
            writeStore()
            userVolume?.save(level: volume, muted: muted) { [hub] error in hub.emit(.error(error)) }
        }
        publish()
    }

    private func setHardware(level: Int, muted mute: Bool) throws(PlayerError) {
        do {
            // Waited for: a device without a mixer must say so. This holds the engine's own
            // thread, never the shared pool.
            try mpv.setProperty("ao-volume", .double(Double(level)))
            try mpv.setProperty("ao-mute", .flag(mute))
        } catch {
            // Unavailable until an output is open, and for good on outputs without a mixer.
            throw PlayerError.noHardwareMixer(device: configuration.outputName)
        }
    }

    /// Moves mpv's level to `level` (or down to silence, then mute) without a jump. On the
    /// Snapcast pipe the relay applies it, and ramps by itself.
    private func rampSoftware(to level: Int, muted mute: Bool) {
        rampTask?.cancel()
        if let relay = mpv.outputRelay {
            relay.set(level: Double(level), muted: mute)
            mpvLevel = Double(level)
            return
        }
        let wasMuted = muted
        rampTask = Task {
            if mute {
                if !wasMuted {
                    guard await ramp(to: 0) else { return }
                }
                setMPV(muted: true)
                setMPV(level: Double(level))
            } else {
                if wasMuted {
                    setMPV(level: 0)
                    setMPV(muted: false)
                }
                _ = await ramp(to: Double(level))
            }
        }
    }

    /// Steps mpv's level to `target`, `rampStep` at a time (or over `duration`, for the
    /// sleep timer's fade). False when cancelled on the way.
    func ramp(to target: Double, over duration: Duration? = nil) async -> Bool {
        let distance = target - mpvLevel
        let steps = max(1, Int((abs(distance) / Self.rampStep).rounded(.up)))
        let interval = duration.map { $0 / steps } ?? Self.rampInterval
        let start = mpvLevel
        for step in 1...steps {
            if Task.isCancelled { return false }
            setMPV(level: start + distance * Double(step) / Double(steps))
            if step < steps { try? await Task.sleep(for: interval) }
        }
        return !Task.isCancelled
    }

    func setMPV(level: Double) {
        if let relay = mpv.outputRelay {
            relay.set(level: level, muted: muted)
            mpvLevel = level
            return
        }
        do {
            try send(.set("volume", .double(level)))
            mpvLevel = level
        } catch {
            logger.warning("could not set the volume: \(error)")
        }
    }

    private func setMPV(muted mute: Bool) {
        do {
            try send(.set("mute", .flag(mute)))
        } catch {
            logger.warning("could not set mute: \(error)")
        }
    }

    /// Sends the software level and mute again ahead of a disc's first track, so that what was
    /// set while nothing played holds from its first sample whatever mpv did with an idle
    /// output.
    func applyVolumeBeforePlay() throws(PlayerError) {
        guard configuration.mixer == .software else { return }
        if let relay = mpv.outputRelay {
            relay.set(level: mpvLevel, muted: muted)
            try send(.set("volume", .double(100)))
            try send(.set("mute", .flag(false)))
            return
        }
        try send(.set("volume", .double(mpvLevel)))
        try send(.set("mute", .flag(muted)))
    }
}
