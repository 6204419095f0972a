/// An audio output that takes no audio: a named pipe nobody reads (the Snapcast recipe with
/// snapserver stopped), a device that hangs. mpv's core then waits inside the output and
/// answers nothing; `MPVHandle` notices (`.coreStalled`) and its calls fail at once rather
/// than hang. The engine keeps answering: the snapshot says it waits for the output, a
/// command that started playback returns, `stop` and `quit` still work, and the rest answer
/// `.outputStalled`. When the core answers again (`.coreAnswering`), mpv is brought back to
/// what the engine says, and playback goes on where it stood.
extension PlayerEngine {
    func coreStalled() {
        guard !waitingForOutput else { return }
        waitingForOutput = true
        logger.notice("the audio output '\(configuration.outputName)' takes no audio; waiting for it")
        resolveWaiters(with: .waitingForOutput)
        publish()
    }

    func coreAnswered() {
        guard waitingForOutput else { return }
        waitingForOutput = false
        logger.notice("the audio output '\(configuration.outputName)' takes audio again")
        // A stop (or a call that timed out) while mpv waited: the engine's view wins.
        if queue == nil {
            try? send(.stop)
        } else {
            try? send(.pause(state != .playing))
        }
        lastSave = .now
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
