import CDWallyVocabulary

/// How a command that started or moved playback learns that mpv followed: it waits for the
/// next PLAYBACK_RESTART of the current disc, or for whatever ended that hope (the disc
/// ended, the output failed, another command took over), or for a timeout. While an output
/// is open the wait is short: on a pipe drained at real-time pace mpv takes seconds to get
/// there, and the command answers with the state it asked for instead. With no output open
/// yet, the wait is long enough to learn that none opens, or that no track of the disc plays.
extension PlayerEngine {
    enum Outcome: Sendable {
        case playing
        case ended
        case superseded
        case timedOut
        /// An output is open and mpv is on its way: the state says what was asked.
        case underWay
        /// The output takes no audio: playback starts when it does, without the command.
        case waitingForOutput
        case failed(PlayerError)
    }

    struct Waiter {
        var continuation: CheckedContinuation<Outcome, Never>
        var timeout: Task<Void, Never>

        func answer(_ outcome: Outcome) {
            timeout.cancel()
            continuation.resume(returning: outcome)
        }
    }

    /// Suspends until playback is confirmed; throws when it failed. Events are handled while
    /// this waits, since the actor is free.
    func waitForPlayback() async throws(PlayerError) {
        let id = waiters.number()
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let timeout = Task { [weak self] in
                try? await Task.sleep(for: Self.confirmationWhileOutputOpen)
                guard await self?.answerIfUnderWay(id) == false else { return }
                try? await Task.sleep(for: Self.confirmationTimeout - Self.confirmationWhileOutputOpen)
                await self?.resolveWaiter(id, with: .timedOut)
            }
            waiters.add(Waiter(continuation: continuation, timeout: timeout), as: id)
        }
        if case .failed(let error) = outcome { throw error }
        if case .timedOut = outcome { logger.notice("mpv did not confirm playback in time") }
    }

    /// Answers waiter `id` when an output is open (mpv is on its way); true when answered.
    private func answerIfUnderWay(_ id: Int) -> Bool {
        guard output.isOpen else { return false }
        resolveWaiter(id, with: .underWay)
        return true
    }

    func resolveWaiter(_ id: Int, with outcome: Outcome) {
        guard let waiter = waiters.take(id) else { return }
        waiter.answer(outcome)
    }

    func resolveWaiters(with outcome: Outcome) {
        for waiter in waiters.takeAll() { waiter.answer(outcome) }
    }
}
