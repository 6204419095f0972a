import Synchronization

/// A value behind a lock: the one lock type of cdwally, for the little state that several
/// threads share (the player's published snapshot, its subscribers, the resume state, a
/// server's connection count, a mailbox). A class around Synchronization's `Mutex`, so that
/// it can be shared by reference and captured by closures.
///
/// Threads: any; every access to the value holds the mutex.
public final class LockedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock(body)
    }

    public var current: Value { withLock { $0 } }

    public func set(_ newValue: Value) { withLock { $0 = newValue } }
}
