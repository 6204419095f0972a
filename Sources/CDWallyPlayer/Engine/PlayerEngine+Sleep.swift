import Foundation

/// The sleep timer: at its time the music fades out over the last seconds (never more than
/// the timer itself), pauses with every position saved, and the level comes back for the
/// next play; or, for `end-of-disc`, playback stops when the current disc ends.
extension PlayerEngine {
    /// How long the fade-out before a timed pause takes.
    static let sleepFade = 8.0

    func setSleep(_ request: SleepRequest) {
        cancelSleepTimer()
        switch request {
        case .off:
            sleep = nil
        case .endOfDisc:
            sleep = .endOfDisc
        case .after(let seconds):
            sleep = .at(Date().addingTimeInterval(seconds))
            sleepTask = Task { await runSleepTimer(seconds: seconds) }
        }
        publish()
    }

    /// Stops a timer, and a fade under way (the level comes back at once when `restoring`).
    func cancelSleepTimer(restoring: Bool = true) {
        sleepTask?.cancel()
        sleepTask = nil
        sleep = nil
        if isFadingToSleep {
            isFadingToSleep = false
            if restoring { volumeDid(.restore) }
        }
    }

    private func runSleepTimer(seconds: Double) async {
        let fade = min(Self.sleepFade, seconds)
        do {
            try await Task.sleep(for: .seconds(seconds - fade))
        } catch {
            return
        }
        if state == .playing && !volume.muted {
            isFadingToSleep = true
            guard await ramp(to: 0, over: .seconds(fade)), isFadingToSleep else { return }
        }
        isFadingToSleep = false
        sleepTask = nil
        sleep = nil
        if state == .playing {
            do {
                try pause()
            } catch {
                hub.emit(.error(error))
            }
        }
        // Paused now, so the level's return is not heard; on the Snapcast pipe the relay
        // still passes what mpv wrote before the pause, so the level returns on unpause.
        if volume.applier == .mpv { volumeDid(.restore) }
        logger.info("sleep timer: paused")
        publish()
    }
}
