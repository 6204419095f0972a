import CDWallyKeys
import CDWallySystem
import CDWallyVocabulary

/// Collects what an `InputKeyReader` reports, from its thread, for the test to poll.
final class InputRecorder: Sendable {
    struct Press: Equatable {
        let command: PlayerCommand
        let device: String
    }

    private let notices = LockedValue<[InputNotice]>([])
    private let presses = LockedValue<[Press]>([])

    var recordedNotices: [InputNotice] { notices.withLock { $0 } }
    var recordedPresses: [Press] { presses.withLock { $0 } }

    var noticeHandler: @Sendable (InputNotice) -> Void {
        { [self] notice in notices.withLock { $0.append(notice) } }
    }

    var pressHandler: @Sendable (KeyPress, String) -> Void {
        { [self] press, device in
            presses.withLock { $0.append(Press(command: press.command, device: device)) }
        }
    }

    /// Waits until `condition` holds for the notices so far, polling; false after `timeout`.
    /// The timeout is generous: the machine may be loaded, and only a failure waits it out.
    func waitForNotices(
        timeout: Duration = .seconds(30), _ condition: ([InputNotice]) -> Bool
    ) async -> Bool {
        await waitFor(timeout: timeout) { condition(recordedNotices) }
    }

    func waitForPresses(timeout: Duration = .seconds(30), _ condition: ([Press]) -> Bool) async -> Bool {
        await waitFor(timeout: timeout) { condition(recordedPresses) }
    }

    func waitForNotice(_ notice: InputNotice, timeout: Duration = .seconds(30)) async -> Bool {
        await waitForNotices(timeout: timeout) { $0.contains(notice) }
    }

    private func waitFor(timeout: Duration, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}
