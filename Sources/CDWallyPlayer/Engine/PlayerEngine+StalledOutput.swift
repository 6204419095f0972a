import CDWallyVocabulary

/// Runs the output's effects (`OutputCondition`). Among them, an audio output that takes no
/// audio: a named pipe nobody reads (the Snapcast recipe with snapserver stopped), a device
/// that hangs. mpv's core then waits inside the output and answers nothing; `MPVHandle`
/// notices (`.coreStalled`) and its calls fail at once rather than hang. The engine keeps
/// answering: the snapshot says it waits for the output, a command that started playback
/// returns, `stop` and `quit` still work, and the rest answer `.outputStalled`. When the core
/// answers again (`.coreAnswering`), mpv is brought back to what the engine says, and
/// playback goes on where it stood.
extension PlayerEngine {
    /// Applies `event` to the output's condition and runs what it asks for.
    func outputDid(_ event: OutputCondition.Event) {
        for effect in output.apply(event) {
            switch effect {
            case .warnOfNullFallback:
                logger.debug("audio output '\(configuration.outputName)' failed; using a null output")
                hub.emit(.warning(.fellBackToNullOutput(device: configuration.outputName)))
            case .announceStall:
                logger.notice("the audio output '\(configuration.outputName)' takes no audio; waiting for it")
                resolveWaiters(with: .waitingForOutput)
                publish()
            case .bringBack:
                bringMPVBack()
            }
        }
    }

    private func bringMPVBack() {
        logger.notice("the audio output '\(configuration.outputName)' takes audio again")
        // A stop (or a call that timed out) while mpv waited: the engine's view wins. A
        // refusal to queue it is said, not dropped: mpv may then play what the state says not.
        do {
            try send(queue == nil ? .stop : .pause(state != .playing))
        } catch {
            logger.warning("could not bring mpv back to the player's state: \(error)")
            hub.emit(.error(error))
        }
        listeningDid(.saved(at: .now))
        publish()
    }

    /// What works while the output takes no audio: what needs no answer from mpv.
    static func worksWithoutOutput(_ command: PlayerCommand) -> Bool {
        switch command {
        case .stop, .sleep: return true
        default: return false
        }
    }
}
