import Foundation

/// A value behind a lock, for the little state that several threads share (the player's
/// published snapshot, its subscribers, the resume state, a log sink). `Mutex` from Synchronization would do,
/// but it needs macOS 15 and the package supports macOS 13.
///
/// Threads: any; every access to `value` holds `lock`.
public final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    public var current: Value { withLock { $0 } }

    public func set(_ newValue: Value) { withLock { $0 = newValue } }
}
