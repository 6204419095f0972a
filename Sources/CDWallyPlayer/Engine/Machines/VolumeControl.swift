import CDWallyVocabulary

/// The listener's volume and how the output applies it: a level 0…`maximum`, a mute flag, and
/// what the output has now, which differs from the listener's level during a ramp or the
/// sleep timer's fade.
///
/// One curve everywhere (docs/PRODUCT.md §10, "One volume"): the amplitude is the cube of
/// level/100, mpv's own curve. mpv applies it on an ordinary output; on the Snapcast pipe the
/// relay does (`PCMRelay`), given the amplitude from `amplitude(ofLevel:)`, while mpv's own
/// level stays at 100. Whether the level was set live, restored at start or came from MPRIS,
/// it reaches the output through the same transitions here.
///
/// A software change never jumps (a jump clicks): the level moves in `rampSteps`, which the
/// engine runs, feeding each step back as `.stepped`. Mute ramps down before it silences, and
/// unmute ramps up from silence.
///
/// Plain data, owned by the engine: events in, `Effect`s out, no mpv.
struct VolumeControl: Equatable {
    /// Who applies the level to the samples.
    enum Applier: Equatable {
        /// mpv's software volume (`volume`, `mute`); kept in the state files.
        case mpv
        /// The Snapcast relay (`PCMRelay`), which ramps by itself; kept in the state files.
        case relay
        /// The output device's mixer (`ao-volume`, `ao-mute`), which keeps its own level.
        case hardware
    }

    /// What happens to the volume besides a listener's change (`apply(_ change:)`).
    enum Event: Equatable {
        /// mpv opened an audio output, or closed it (a hardware mixer needs one).
        case output(open: Bool)
        /// One step of a ramp the engine runs reached this level.
        case stepped(Double)
        /// A ramp down to silence for a mute ended: mpv mutes, at the listener's level.
        case rampEnded
        /// A disc is about to start: its first sample must have the level.
        case beforePlay
        /// The output refused the hardware mixer's level (it has none): the level and mute are
        /// what they were before.
        case mixerRefused(level: Int, muted: Bool)
        /// The listener's level comes back after a fade (a pause, a cancelled sleep timer).
        case restore
    }

    enum Effect: Equatable {
        /// Post to mpv; a refusal is only logged.
        case request(MPVRequest)
        /// Post to the hardware mixer; a refusal means the device has none, and takes the
        /// level and mute back to `level` and `muted`.
        case mixer(MPVRequest, level: Int, muted: Bool)
        /// The relay's gain (an amplitude, already on the curve).
        case relay(amplitude: Double)
        /// Step the output's level to this one (`rampSteps`), replacing a ramp under way, then
        /// send `.rampEnded`.
        case ramp(to: Double)
        /// End a ramp under way where it is.
        case stopRamp
        /// Keep the level and mute in the state files.
        case save(level: Int, muted: Bool)
        case publish
    }

    /// The change per step of a ramp: 40 levels take 20 steps.
    static let rampStep = 2.0

    let applier: Applier
    /// What a level may be at all, and where one asked beyond the limit or the floor is set.
    let bounds: VolumeBounds
    var maximum: Int { bounds.maximum }
    /// The output's name, for the error of a missing hardware mixer.
    let device: String
    private(set) var level: Int
    private(set) var muted: Bool
    /// The level the output has now (software): `level`, except during a ramp or a fade.
    private(set) var applied: Double
    /// Whether mpv's own mute is on (mpv's software volume only).
    private(set) var mpvMuted: Bool
    private(set) var outputOpen = false

    init(applier: Applier, bounds: VolumeBounds, device: String, level: Int, muted: Bool) {
        self.applier = applier
        self.bounds = bounds
        self.device = device
        self.level = level
        self.muted = muted
        applied = Double(level)
        mpvMuted = muted
    }

    /// The amplitude (0…1 at 100) a level gives: mpv's curve, the cube of level/100.
    static func amplitude(ofLevel level: Double) -> Double {
        let ratio = max(0, level) / 100
        return ratio * ratio * ratio
    }

    /// Whether the level lives in the state files (a hardware mixer keeps its own).
    var isSoftware: Bool { applier != .hardware }

    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .output(let open):
            outputOpen = open
            return []
        case .stepped(let step):
            applied = step
            return [output(level: step)]
        case .rampEnded:
            guard applier == .mpv, muted, !mpvMuted else { return [] }
            (applied, mpvMuted) = (Double(level), true)
            return [.request(.set("mute", .flag(true))), .request(.set("volume", .double(applied)))]
        case .beforePlay:
            // Straight to the listener's level: a ramp still under way (a level set on an idle
            // player, where nothing was heard) would start the disc louder or softer.
            guard isSoftware else { return [] }
            (applied, mpvMuted) = (Double(level), applier == .mpv && muted)
            if applier == .relay {
                return [
                    .stopRamp, output(level: applied), .request(.set("volume", .double(100))),
                    .request(.set("mute", .flag(false))),
                ]
            }
            return [
                .stopRamp, .request(.set("volume", .double(applied))), .request(.set("mute", .flag(muted))),
            ]
        case .mixerRefused(let old, let wasMuted):
            (level, muted) = (old, wasMuted)
            return [.publish]
        case .restore:
            guard isSoftware, !muted, applied != Double(level) else { return [] }
            applied = Double(level)
            return [output(level: applied)]
        }
    }

    /// The levels a ramp from `applied` to `target` passes, at most `rampStep` apart and
    /// ending on `target`.
    func rampSteps(to target: Double) -> [Double] {
        let distance = target - applied
        let steps = max(1, Int((abs(distance) / Self.rampStep).rounded(.up)))
        return (1...steps).map { applied + distance * Double($0) / Double(steps) }
    }

    /// A listener's change: `volume N`, a key, MPRIS, the web.
    mutating func apply(_ change: VolumeChange) throws(PlayerError) -> [Effect] {
        // A level outside the range is refused, not clamped: `volume 1000` is a typo, and a
        // silent 100 would hide it. A step that fits the range clamps at its ends, as a knob.
        // Within the range, `volume_limit` and `volume_min` set the nearest level they allow,
        // and the reply's level says which (docs/PRODUCT.md §11).
        switch change {
        case .set(let wanted) where !(0...maximum).contains(wanted),
            .by(let wanted) where abs(wanted) > maximum:
            throw .volumeOutOfRange(requested: change.text, maximum: maximum)
        default: break
        }
        var (wanted, mute) = (level, false)
        switch change {
        case .set(let value): wanted = value
        case .by(let steps): wanted = level + steps
        case .mute: mute = true
        case .unmute: mute = false
        case .toggleMute: mute = !muted
        }
        // Unavailable until an output is open, and for good on outputs without a mixer (then
        // mpv's reply says so, and `.mixerRefused` takes the change back).
        if applier == .hardware, !outputOpen { throw .noHardwareMixer(device: device) }
        let (oldLevel, wasMuted) = (level, muted)
        (level, muted) = (bounds.clamped(wanted), mute)
        switch applier {
        case .hardware:
            return [
                .mixer(.set("ao-volume", .double(Double(level))), level: oldLevel, muted: wasMuted),
                .request(.set("ao-mute", .flag(muted))), .publish,
            ]
        case .relay:
            // The relay ramps by itself, within a few milliseconds of samples.
            applied = Double(level)
            return [output(level: applied), .save(level: level, muted: muted), .publish]
        case .mpv:
            return softwareChange(wasMuted: wasMuted) + [.save(level: level, muted: muted), .publish]
        }
    }

    private mutating func softwareChange(wasMuted: Bool) -> [Effect] {
        if muted {
            // Down to silence first (`.rampEnded` mutes); already muted, the level waits.
            guard mpvMuted else { return [.ramp(to: 0)] }
            applied = Double(level)
            return [.request(.set("volume", .double(applied)))]
        }
        var effects: [Effect] = []
        if mpvMuted || wasMuted {
            // Up from silence: mpv's level to 0 before its mute goes.
            (applied, mpvMuted) = (0, false)
            effects = [.request(.set("volume", .double(0))), .request(.set("mute", .flag(false)))]
        }
        return effects + [.ramp(to: Double(level))]
    }

    /// What puts `level` on the output now (software).
    private func output(level: Double) -> Effect {
        switch applier {
        case .relay: return .relay(amplitude: muted ? 0 : Self.amplitude(ofLevel: level))
        case .mpv, .hardware: return .request(.set("volume", .double(level)))
        }
    }
}
