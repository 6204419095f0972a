import Dispatch

/// Work started on another thread, whose result the starting thread collects later: a scan
/// reads the next batch of tags, or the index's stamps, while it does something else.
///
/// Threads: `result` is written once, by the background work, before `finished` is
/// signalled, and read only after waiting on `finished`, which orders the two accesses.
/// `value()` is for the one thread that started the work, which alone touches `collected`.
final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private var result: Value?
    private var collected = false

    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = work()
            self.finished.signal()
        }
    }

    /// Waits for the work to end; later calls return the same value at once.
    func value() -> Value {
        // `result` must not be looked at before the wait: the work may be writing it.
        if !collected {
            finished.wait()
            collected = true
        }
        return result!
    }
}
