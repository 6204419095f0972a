import Foundation

/// A value behind a lock, for the little state that several threads share: the published
/// snapshot, the event subscribers, the resume state. `Mutex` from Synchronization would do,
/// but it needs macOS 15 and the package supports macOS 13.
///
/// Threads: any; every access to `value` holds `lock`.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}
