import CDWallySystem
import Foundation

/// The engine's own thread: a serial executor (SE-0392) that runs the `PlayerEngine` actor's
/// jobs, in order, on one thread that belongs to the engine.
///
/// Swift's shared pool has one thread per core: four on a Pi, one on a one-core run. Whatever
/// waits for libmpv there (a reply from a core held by its audio output, a hardware mixer)
/// would stop every task queued behind it: the control socket, MPRIS, the web. Here it waits
/// on a thread nobody else needs. The engine sends most requests without waiting for them
/// (`MPVHandle.post`), so the thread is rarely held either.
///
/// Threads: `enqueue` from any thread; jobs run on the engine thread. The thread ends once the
/// executor is gone (with its actor) and the jobs queued before are done.
final class EngineThread: SerialExecutor {
    private let jobs = JobQueue()

    init(name: String) {
        let jobs = self.jobs
        NamedThread.start(name) { jobs.runUntilClosed() }
    }

    deinit {
        jobs.close()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.append(UnownedJob(job), on: asUnownedSerialExecutor())
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

/// The jobs waiting for the engine thread. Kept apart from `EngineThread` so that the
/// thread's loop does not keep the executor (and through it the actor) alive.
private final class JobQueue: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: [(job: UnownedJob, executor: UnownedSerialExecutor)] = []
    private var isClosed = false

    func append(_ job: UnownedJob, on executor: UnownedSerialExecutor) {
        condition.withLock {
            waiting.append((job, executor))
            condition.signal()
        }
    }

    func close() {
        condition.withLock {
            isClosed = true
            condition.signal()
        }
    }

    func runUntilClosed() {
        while let next = take() {
            next.job.runSynchronously(on: next.executor)
        }
    }

    private func take() -> (job: UnownedJob, executor: UnownedSerialExecutor)? {
        condition.withLock {
            while waiting.isEmpty && !isClosed { condition.wait() }
            return waiting.isEmpty ? nil : waiting.removeFirst()
        }
    }
}
