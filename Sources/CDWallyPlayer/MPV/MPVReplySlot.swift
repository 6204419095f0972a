import CDWallyCore
import CDWallySystem
import Dispatch

/// Where one reply from mpv lands, and where its caller waits for it.
///
/// Threads: filled on the event thread (or at teardown), waited for on the caller's.
final class MPVReplySlot: Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    private let reply = LockedValue<MPVReply?>(nil)

    func fill(_ value: MPVReply) {
        reply.set(value)
        arrived.signal()
    }

    /// The reply, or nil when none came within `limit`.
    func wait(_ limit: Duration) -> MPVReply? {
        guard arrived.wait(timeout: .now() + .nanoseconds(limit.nanoseconds)) == .success else { return nil }
        return reply.current
    }
}
