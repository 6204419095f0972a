import CDWallyVocabulary
import Logging

/// `serve` plays on the disc a power cut interrupted (docs/PRODUCT.md §6). At boot the sound
/// card may come up after the jukebox: its driver probes late, and its device does not open
/// until it has (seen in the whole-machine check: the card ready 1.5 s after the first try, and
/// the box silent for good). So an output that does not open yet is tried again every
/// `outputRetryInterval`, for `outputRetryLimit`, while the player stays stopped with that
/// disc still the one cut off: a command of the listener's meanwhile is the listener's word.
extension PlayerHost {
    static let outputRetryInterval: Duration = .seconds(2)
    static let outputRetryLimit: Duration = .seconds(120)

    /// Plays disc `position` on from its saved place, trying the output again while it does
    /// not open; what goes wrong is said in `logger`.
    func playOn(_ position: Int, logger: Logger) async {
        let deadline = ContinuousClock.now + Self.outputRetryLimit
        var waiting = false
        while true {
            do throws(PlayerError) {
                try await perform(.play(disc: position, fromStart: false))
                if waiting { logger.info("the audio output opened: playing on disc \(position)") }
                return
            } catch .audioOutputFailed(let device, let message) where ContinuousClock.now < deadline {
                if !waiting {
                    logger.warning(
                        "the audio output '\(device)' does not open yet (\(message)); trying again every \(Self.outputRetryInterval.components.seconds) s for \(Self.outputRetryLimit.components.seconds / 60) minutes"
                    )
                    waiting = true
                }
            } catch .shutDown {
                return
            } catch {
                logger.error("\(error)")
                return
            }
            try? await Task.sleep(for: Self.outputRetryInterval)
            let snapshot = view.snapshot
            guard snapshot.state == .stopped || snapshot.state == .idle,
                interruptedDisc(in: snapshot.wallet) == position
            else { return }
        }
    }
}
