import CDWallyVocabulary
import Foundation

/// Runs the sleep timer's effects (`SleepTimer`): its wait, then its fade, as one task at a
/// time (`sleepTask`), the pause, and the level's return.
extension PlayerEngine {
    func setSleep(_ request: SleepRequest) {
        sleepTimerDid(.set(request, now: .now, wall: Date()))
    }

    /// Applies `event` to the sleep timer and runs what it asks for; returns the effects, for
    /// the one caller that decides on one (`discEnded`, on `.stopAfterDisc`).
    @discardableResult
    func sleepTimerDid(_ event: SleepTimer.Event) -> [SleepTimer.Effect] {
        let effects = sleepTimer.apply(event)
        for effect in effects {
            switch effect {
            case .wait(let seconds):
                sleepTask?.cancel()
                sleepTask = Task {
                    guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
                    sleepTimerDid(.fadeDue(audible: state == .playing && !volume.muted))
                }
            case .fade(let seconds):
                sleepTask = Task {
                    guard await ramp(to: 0, over: .seconds(seconds)) else { return }
                    sleepTimerDid(.fadeEnded)
                }
            case .cancel:
                sleepTask?.cancel()
                sleepTask = nil
            case .restoreVolume:
                volumeDid(.restore)
            case .restoreVolumeWhenSilent:
                if volume.applier == .mpv { volumeDid(.restore) }
            case .pause:
                sleepTask = nil
                if state == .playing {
                    do {
                        try pause()
                    } catch {
                        hub.emit(.error(error))
                    }
                }
                logger.info("sleep timer: paused")
            case .stopAfterDisc:
                // `discEnded` asks for it and stops there itself.
                break
            case .publish:
                publish()
            }
        }
        return effects
    }
}
