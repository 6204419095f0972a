import CDWallyKeys
import CDWallySystem

/// Collects what a `CardReader` reports, from its thread, for the test to poll.
final class CardRecorder: Sendable {
    private let notices = LockedValue<[CardReaderNotice]>([])
    private let cards = LockedValue<[CardRead]>([])

    var recordedNotices: [CardReaderNotice] { notices.withLock { $0 } }
    var recordedCards: [CardRead] { cards.withLock { $0 } }

    var noticeHandler: @Sendable (CardReaderNotice) -> Void {
        { [self] notice in notices.withLock { $0.append(notice) } }
    }

    var cardHandler: @Sendable (CardRead) -> Void {
        { [self] card in cards.withLock { $0.append(card) } }
    }

    /// Waits until `condition` holds, polling; false after `timeout` (generous: the machine may
    /// be loaded, and only a failure waits it out).
    func waitFor(
        timeout: Duration = .seconds(30), _ condition: ([CardRead], [CardReaderNotice]) -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(recordedCards, recordedNotices) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(recordedCards, recordedNotices)
    }

    func waitForNotice(_ notice: CardReaderNotice, timeout: Duration = .seconds(30)) async -> Bool {
        await waitFor(timeout: timeout) { $1.contains(notice) }
    }
}
