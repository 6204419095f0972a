import CDWallySystem
import CMPRIS
import Glibc

/// How other threads reach the MPRIS bus thread: a locked queue of requests plus an
/// eventfd that the bus thread polls next to the bus socket, so a post wakes it at once.
///
/// Shared by any thread; its mutable contents are guarded by the mutex. The bus thread is
/// the only one that takes from it.
final class MPRISMailbox: Sendable {
    enum Request: Sendable {
        case update(MPRISState)
        case seeked(positionMicroseconds: Int64)
        /// The answer to a method call the delegate finished; nil error for success.
        case reply(MPRISPendingCall, error: String?)
    }

    private struct Contents {
        var requests: [Request] = []
        var stopRequested = false
        var closed = false
    }

    private let contents = LockedValue(Contents())
    /// The eventfd; readable while posts are waiting.
    let wakeDescriptor: Int32

    init() throws(MPRISError) {
        wakeDescriptor = try MPRISError.check(cmpris_eventfd_open(), "eventfd")
    }

    deinit { Glibc.close(wakeDescriptor) }

    /// Queues a request. A state replaces a state queued just before it, so a burst of
    /// updates costs one diff; a seek stays ordered after the state it follows. Replies are
    /// still taken once a stop was asked for (a `Quit` answered on its way out).
    func post(_ request: Request) {
        let accepted = contents.withLock { contents in
            guard !contents.closed else { return false }
            if contents.stopRequested, case .reply = request {
            } else if contents.stopRequested {
                return false
            }
            if case .update = request, case .update = contents.requests.last {
                contents.requests.removeLast()
            }
            contents.requests.append(request)
            return true
        }
        if accepted { wake() }
    }

    /// Asks the bus thread to finish: it takes the replies still posted, then ends.
    func requestStop() {
        contents.withLock { $0.stopRequested = true }
        wake()
    }

    /// Everything posted since the last call, and whether the bus thread should finish.
    func take() -> (requests: [Request], stop: Bool) {
        contents.withLock { contents in
            defer { contents.requests = [] }
            return (contents.requests, contents.stopRequested)
        }
    }

    /// Called by the bus thread as it ends: later posts are dropped.
    func close() {
        contents.withLock { contents in
            contents.closed = true
            contents.requests = []
        }
    }

    /// Resets the eventfd after the bus thread woke on it. Call before `take()`, so a post
    /// between the two wakes the next poll instead of being missed.
    func clearWakeup() {
        var count: UInt64 = 0
        // EAGAIN (nothing to clear) is the only failure of a nonblocking eventfd read.
        _ = read(wakeDescriptor, &count, MemoryLayout<UInt64>.size)
    }

    private func wake() {
        var one: UInt64 = 1
        // Cannot fail short of 2^64 - 1 unread posts; then the bus thread is awake anyway.
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }
}
