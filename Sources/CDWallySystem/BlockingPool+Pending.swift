import Foundation

extension BlockingPool {
    /// The pool for work that synchronous code starts and collects later (`start`): a scan
    /// reads the next batch of tags while it stores the last, a command checks the wallet
    /// memo's stamps while it parses the playlist. Its own, not `shared`: a job of `shared`
    /// (the web's doctor) waits on such work, and would wait for ever were both of `shared`'s
    /// threads waiting so. Work started here never waits on this pool itself.
    public static let background = BlockingPool(threads: 2, name: "cdwally-bg")

    /// The result of work started on a pool, for the synchronous code that started it.
    ///
    /// Threads: `result` is written once by the pool's thread and read by `value()`, both
    /// under `condition`'s lock.
    public final class Pending<Value: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private var result: Value?

        fileprivate init() {}

        fileprivate func fulfil(_ value: Value) {
            condition.lock()
            result = value
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for the work to end; later calls return the same value at once.
        public func value() -> Value {
            condition.lock()
            defer { condition.unlock() }
            while result == nil { condition.wait() }
            return result!
        }
    }

    /// Starts `body` on one of the pool's threads and returns at once; `value()` of what it
    /// returns waits for the result.
    public func start<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Pending<Value> {
        let pending = Pending<Value>()
        submit { pending.fulfil(body()) }
        return pending
    }
}
