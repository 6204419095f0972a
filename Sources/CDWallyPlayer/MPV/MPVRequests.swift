import CDWallySystem

/// The requests sent to mpv's core that have not been answered yet, and from them whether
/// the core is answering at all.
///
/// An output that blocks (a named pipe nobody reads, a hung device) holds mpv's core inside
/// the output's `open` or `write`, and the core answers nothing until it returns: a
/// synchronous mpv call made meanwhile would never come back. So once the event thread runs,
/// `MPVHandle` sends every call through mpv's asynchronous API, tracked here: the engine's
/// replies come back as events, and a caller that needs the answer awaits it a bounded time
/// (`MPVHandle.exchange`), suspended, never blocking a thread. A request older than the stall limit
/// means the core is stalled; while it is, new calls fail at once instead of piling up. The
/// first reply to arrive afterwards means it answers again.
///
/// Threads: any; the table sits behind a lock. Replies are handed over on the event thread.
final class MPVRequests: Sendable {
    /// How often an idle core is asked something, so a stall shows without any command.
    static let probeInterval: Duration = .seconds(1)

    private struct Pending: Sendable {
        let sent: ContinuousClock.Instant
        let receiver: Receiver
    }

    /// Who takes a reply.
    enum Receiver: Sendable {
        /// A caller awaiting it in `MPVHandle.exchange`; called once, on the event thread (or
        /// at teardown).
        case waiting(@Sendable (MPVReply) -> Void)
        /// The event handler, as `.reply`: a request sent with `MPVHandle.post`.
        case handler
        /// Nobody: a probe.
        case probe
    }

    private struct Table: Sendable {
        // Above the small reply ids used for observed properties and fire-and-forget calls.
        var nextID: UInt64 = 1 << 32
        var pending: [UInt64: Pending] = [:]
        /// Calls fail at once: a request went unanswered past the limit.
        var isStalled = false
        /// The event thread has reported the stall (`.coreStalled`).
        var isAnnounced = false
        var lastProbe: ContinuousClock.Instant?
    }

    private let table = LockedValue(Table())

    var isStalled: Bool { table.current.isStalled }

    /// A new request id whose reply goes to `receiver`.
    func open(for receiver: Receiver) -> UInt64 {
        table.withLock { table in
            let id = table.nextID
            table.nextID += 1
            table.pending[id] = Pending(sent: .now, receiver: receiver)
            return id
        }
    }

    /// A probe's id when one is due: nothing outstanding would show a stall by itself.
    func openProbe(now: ContinuousClock.Instant) -> UInt64? {
        table.withLock { table in
            guard table.pending.isEmpty else { return nil }
            if let last = table.lastProbe, now - last < Self.probeInterval { return nil }
            let id = table.nextID
            table.nextID += 1
            table.pending[id] = Pending(sent: now, receiver: .probe)
            table.lastProbe = now
            return id
        }
    }

    /// Forgets a request mpv refused to queue.
    func cancel(_ id: UInt64) {
        table.withLock { _ = $0.pending.removeValue(forKey: id) }
    }

    /// Hands a reply to its waiter. Returns who takes it (nil for an unknown id), and whether
    /// it ended a stall that was reported.
    func complete(_ id: UInt64, with reply: MPVReply) -> (receiver: Receiver?, endedStall: Bool) {
        let (pending, endedStall) = table.withLock { table in
            let pending = table.pending.removeValue(forKey: id)
            guard pending != nil else { return (pending, false) }
            let endedStall = table.isAnnounced
            table.isStalled = false
            table.isAnnounced = false
            return (pending, endedStall)
        }
        if case .waiting(let deliver) = pending?.receiver { deliver(reply) }
        return (pending?.receiver, endedStall)
    }

    /// Returns true, once per stall, when the oldest request has waited past `limit`.
    func stallBegan(now: ContinuousClock.Instant, limit: Duration) -> Bool {
        table.withLock { table in
            guard !table.isAnnounced, let oldest = table.pending.values.map(\.sent).min(),
                now - oldest > limit
            else { return false }
            table.isStalled = true
            table.isAnnounced = true
            return true
        }
    }

    /// Marks the core stalled after a caller gave up waiting for `id`. Its request stays
    /// pending: the event thread reports the stall, and its reply says the core answers again.
    func gaveUp(on id: UInt64) {
        table.withLock { table in
            if table.pending[id] != nil { table.isStalled = true }
        }
    }

    /// The core is gone: every waiter gets `reply`.
    func failAll(with reply: MPVReply) {
        let waiters = table.withLock { table in
            defer { table.pending.removeAll() }
            return table.pending.values.compactMap { pending -> (@Sendable (MPVReply) -> Void)? in
                if case .waiting(let deliver) = pending.receiver { return deliver }
                return nil
            }
        }
        for deliver in waiters { deliver(reply) }
    }
}
