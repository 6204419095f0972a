import CDWallyVocabulary

/// Runs the volume's effects (`VolumeControl`): posts its requests to mpv, hands the relay
/// its gain, runs its ramps and saves the level. Every request is posted, never waited for,
/// the hardware mixer's too (its refusal comes back as a reply: `ReplyBook.Purpose.mixer`). On an
/// output that holds mpv's core (a pipe drained at real-time pace) the steps of a ramp queue
/// up in mpv and land together, and what is heard follows within the output's own buffering.
/// A level set from outside (`volume N`, MPRIS, the web) while muted unmutes, as desktop
/// players do.
extension PlayerEngine {
    /// The time between the steps of a ramp: 40 levels take about 80 ms.
    static let rampInterval: Duration = .milliseconds(4)

    func changeVolume(_ change: VolumeChange) throws(PlayerError) {
        let effects = try volume.apply(change)
        // The listener is awake: a fade-out of the sleep timer ends here, and the ramp goes
        // from where the fade was.
        if volume.isSoftware { sleepTimerDid(.volumeChanged) }
        runLogging(effects)
    }

    /// Applies `event` to the volume and runs what it asks for.
    func volumeDid(_ event: VolumeControl.Event) {
        runLogging(volume.apply(event))
    }

    /// The level and mute as the listener left them, from a disc's first sample; throws when
    /// mpv takes no request.
    func applyVolumeBeforePlay() throws(PlayerError) {
        try run(volume.apply(.beforePlay))
    }

    /// Steps the output's level to `target`, `VolumeControl.rampStep` at a time (or over
    /// `duration`, for the sleep timer's fade). False when cancelled on the way.
    func ramp(to target: Double, over duration: Duration? = nil) async -> Bool {
        let steps = volume.rampSteps(to: target)
        let interval = duration.map { $0 / steps.count } ?? Self.rampInterval
        for (number, step) in steps.enumerated() {
            if Task.isCancelled { return false }
            volumeDid(.stepped(step))
            if number < steps.count - 1 { try? await Task.sleep(for: interval) }
        }
        return !Task.isCancelled
    }

    private func runLogging(_ effects: [VolumeControl.Effect]) {
        do {
            try run(effects)
        } catch {
            logger.warning("could not set the volume: \(error)")
        }
    }

    private func run(_ effects: [VolumeControl.Effect]) throws(PlayerError) {
        for effect in effects {
            switch effect {
            case .request(let request):
                try send(request)
            case .mixer(let request, let level, let muted):
                try send(request, for: .mixer(level: level, muted: muted))
            case .relay(let amplitude):
                mpv.setRelayAmplitude(amplitude)
            case .ramp(let target):
                rampTask?.cancel()
                rampTask = Task {
                    guard await ramp(to: target) else { return }
                    volumeDid(.rampEnded)
                }
            case .stopRamp:
                rampTask?.cancel()
            case .save(let level, let muted):
                store.recordVolume(level: level, muted: muted)
                writeStore()
                userVolume?.save(level: level, muted: muted) { [hub] error in hub.emit(.error(error)) }
            case .publish:
                publish()
            }
        }
    }
}
