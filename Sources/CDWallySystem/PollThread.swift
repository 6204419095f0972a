import CDWallyCore
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way cdwally's threads wait on descriptors: a named thread whose body waits with
/// `wait(_:until:)` on its descriptors, a deadline and the thread's stop signal, and a
/// `stop()` that signals it and waits for the body to return. The control server and its
/// connections, the MPRIS bus, the evdev reader, the terminal's key reader and the stderr
/// capture all run on one, so each says only what it does with what arrives.
///
/// The stop signal is a `WakePipe` that is never drained: once signalled, every later wait
/// on it (by this thread or others sharing the pipe, such as a server's connections) ends
/// at once with `.stopped`.
///
/// Threads: `start` and `stop()` from any thread; `stop()` on the thread itself only signals
/// (the body returns when it next waits). `wait` belongs to the body.
public final class PollThread: Sendable {
    /// Why a wait ended.
    public enum Wake: Equatable, Sendable {
        /// A descriptor has events (its `revents` say which; errors and hang-ups count).
        case ready
        case timedOut
        /// The stop signal fired.
        case stopped
        /// poll(2) failed with this errno (not EINTR, which is retried).
        case failed(Int32)
    }

    public let stopSignal: WakePipe
    private let finished = DispatchSemaphore(value: 0)
    private let thread = LockedValue<pthread_t?>(nil)

    private init(stopSignal: WakePipe) {
        self.stopSignal = stopSignal
    }

    /// Starts `body` on a new thread called `name`. `stopSignal` may be shared with other
    /// threads that should stop together (a server and its connections).
    public static func start(
        name: String, stopSignal: WakePipe, body: @escaping @Sendable (PollThread) -> Void
    ) -> PollThread {
        let started = PollThread(stopSignal: stopSignal)
        NamedThread.start(name) {
            started.thread.set(pthread_self())
            body(started)
            started.finished.signal()
        }
        return started
    }

    /// The same with a stop signal of its own.
    public static func start(name: String, body: @escaping @Sendable (PollThread) -> Void)
        throws(WakePipe.Failure) -> PollThread
    {
        start(name: name, stopSignal: try WakePipe(), body: body)
    }

    /// Signals the thread to stop and waits until its body returned; only signals when
    /// called from the thread itself. Safe to call any number of times, from any thread.
    public func stop() {
        stopSignal.signal()
        let onThisThread = thread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if !onThisThread { waitUntilFinished() }
    }

    /// Returns once the body has returned. Each waiter passes the signal on, so any number
    /// of threads may wait.
    public func waitUntilFinished() {
        finished.wait()
        finished.signal()
    }

    /// Waits until one of `descriptors` has events, `deadline` passes, or the stop signal
    /// fires; `revents` are filled in. Nil `deadline` waits for ever.
    public func wait(_ descriptors: inout [pollfd], until deadline: ContinuousClock.Instant?) -> Wake {
        Self.wait(&descriptors, until: deadline, stop: stopSignal)
    }

    /// The same wait for code that runs on a poll thread but holds only its stop signal.
    public static func wait(
        _ descriptors: inout [pollfd], until deadline: ContinuousClock.Instant?, stop: WakePipe?
    ) -> Wake {
        while true {
            var all = descriptors
            if let stop { all.append(pollfd(fd: stop.readEnd, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&all, nfds_t(all.count), milliseconds(until: deadline))
            if ready < 0 {
                if errno == EINTR { continue }
                return .failed(errno)
            }
            if stop != nil, all[all.count - 1].revents != 0 { return .stopped }
            descriptors = Array(all.prefix(descriptors.count))
            if ready > 0 { return .ready }
            if let deadline, ContinuousClock.now >= deadline { return .timedOut }
        }
    }

    /// A poll(2) timeout reaching `deadline`, rounded up so the wait does not end early.
    private static func milliseconds(until deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        return ContinuousClock.now.duration(to: deadline).pollMilliseconds
    }
}
