#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a lock: the one lock type of cdwally, for the little state that several
/// threads share (the player's published snapshot, its subscribers, the resume state, a
/// server's connection count, a mailbox). A class, so that it can be shared by reference and
/// captured by closures.
///
/// The lock is a `pthread_mutex_t`, not Synchronization's `Mutex`, so that ThreadSanitizer
/// sees it: on Linux `Mutex` locks with atomics and `futex` inside the standard library, which
/// is not instrumented, so TSan saw neither the lock nor the order it gives and reported races
/// between accesses that both held it (docs/SANITIZERS.md). TSan intercepts pthread's locks.
/// The same lock in every build, so the code the sanitizer checks is the code that ships; an
/// uncontended pthread lock costs what `Mutex` does. Error-checking, so that a `withLock`
/// inside `withLock` on the same thread traps, as `Mutex` does, instead of hanging.
///
/// Threads: any; every access to the value holds the mutex.
public final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // Allocated once and never moved: a pthread mutex must keep its address while in use,
    // which a stored property of a class does not promise.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "LockedValue: the thread holds the lock already (\(locked))")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    public var current: Value { withLock { $0 } }

    public func set(_ newValue: Value) { withLock { $0 = newValue } }
}
