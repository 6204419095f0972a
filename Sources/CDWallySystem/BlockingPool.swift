import Foundation

/// A few threads of cdwally's own for work that blocks (file reads and writes, SQLite, TagLib,
/// fsync), modelled on SwiftNIO's `NIOThreadPool`: an async caller hands it a closure and
/// awaits the result, and Swift's cooperative pool (one thread per core: four on a Pi, one on
/// a single-core run) never waits on a disk. Jobs run in the order they came, as many at once
/// as the pool has threads; the threads start on the first job and live as long as the process.
///
/// Threads: any. `run` from any task.
public final class BlockingPool: Sendable {
    /// The pool the web remote's reads and the CDs playlist's writes share.
    public static let shared = BlockingPool(threads: 2, name: "cdwally-block")

    /// A job, and the key under which a later one replaces it while it waits (`submit`).
    typealias Job = (key: String?, body: @Sendable () -> Void)
    private let queue = LockedValue<(jobs: [Job], started: Bool)>(([], false))
    private let signal = NSCondition()
    private let threads: Int
    private let name: String

    public init(threads: Int, name: String) {
        self.threads = max(1, threads)
        self.name = name
    }

    /// Runs `body` on one of the pool's threads and returns what it returned or threw.
    public func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            submit { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Queues `job` and returns at once; one still waiting under the same `key` is dropped for
    /// it, which then runs after everything queued before it (`StateWriter`'s coalescing; a
    /// terminal's newest cover replaces one not drawn yet).
    public func submit(replacing key: String? = nil, _ job: @escaping @Sendable () -> Void) {
        let start = queue.withLock { state -> Bool in
            if let key { state.jobs.removeAll { $0.key == key } }
            state.jobs.append((key, job))
            defer { state.started = true }
            return !state.started
        }
        if start {
            for number in 1...threads {
                NamedThread.start("\(name)-\(number)") { [self] in work() }
            }
        }
        signal.lock()
        signal.signal()
        signal.unlock()
    }

    private func work() {
        while true {
            signal.lock()
            var job = queue.withLock { $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }
            while job == nil {
                signal.wait()
                job = queue.withLock { $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }
            }
            signal.unlock()
            job?.body()
        }
    }
}
