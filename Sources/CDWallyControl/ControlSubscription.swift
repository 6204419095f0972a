import CDWallySystem
import CDWallyVocabulary

/// One `follow` connection's view of the player: the newest status, kept in one slot.
///
/// The player's side `post`s every status it has; the connection's thread takes the newest
/// when it is woken and writes it once the client has room. A client that falls behind
/// (a status bar stopped, a slow pipe) therefore gets the state as it is when it reads
/// again, never a queue of the ones it missed, and the player never waits for it.
///
/// Threads: any for `post`, `end` and `onCancel`; `take` and `cancel` are the connection's.
public final class ControlSubscription: Sendable {
    private struct Slot: Sendable {
        var newest: PlayerStatus?
        var ended = false
        var cancelled = false
        var onCancel: [@Sendable () -> Void] = []
    }

    private let slot = LockedValue(Slot())
    /// Wakes the connection's thread; signalled once per post, drained by it.
    let ready: WakePipe

    init(ready: WakePipe) {
        self.ready = ready
    }

    /// Makes `status` the one the client gets next, replacing any it has not taken yet.
    public func post(_ status: PlayerStatus) {
        let posted = slot.withLock { slot in
            guard !slot.cancelled else { return false }
            slot.newest = status
            return true
        }
        if posted { ready.signal() }
    }

    /// The player ended: the connection sends what is left and closes.
    public func end() {
        slot.withLock { $0.ended = true }
        ready.signal()
    }

    /// Runs `action` once the client is gone (at once if it already is): the player's side
    /// stops feeding this subscription there.
    public func onCancel(_ action: @escaping @Sendable () -> Void) {
        let now = slot.withLock { slot in
            if slot.cancelled { return true }
            slot.onCancel.append(action)
            return false
        }
        if now { action() }
    }

    public var isCancelled: Bool { slot.current.cancelled }

    /// The newest status not yet taken, and whether the player ended.
    func take() -> (status: PlayerStatus?, ended: Bool) {
        ready.drain()
        return slot.withLock { slot in
            defer { slot.newest = nil }
            return (slot.newest, slot.ended)
        }
    }

    /// The connection closed: nothing more is posted, and the player's side is told.
    func cancel() {
        let actions = slot.withLock { slot in
            slot.cancelled = true
            defer { slot.onCancel = [] }
            return slot.onCancel
        }
        for action in actions { action() }
    }
}
