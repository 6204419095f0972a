import CDWallySystem
import NIOCore

/// The open connections that have not shown a credential yet, by client address, oldest
/// first; and the live WebSockets, by credential. Shared by every connection's
/// `ConnectionGuard` and by the WebSocket upgrade.
///
/// New connections are never refused here: a phone cannot show its credential before it is
/// in. Instead, past a cap, the oldest connection without one is closed: a client that holds
/// connections open without finishing a request loses them, one that asks and is answered
/// never reaches the cap.
///
/// Threads: any (the event loop, the upgrade); the tables sit behind a lock.
final class ConnectionLedger: Sendable {
    private struct Waiting: Sendable {
        let client: String
        let order: UInt64
        let channel: any Channel
    }

    private struct Tables: Sendable {
        var waiting: [ObjectIdentifier: Waiting] = [:]
        var nextOrder: UInt64 = 0
        var webSockets: [String: Int] = [:]
    }

    let limits: ConnectionLimits
    private let tables = LockedValue(Tables())

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    /// Takes a new connection in; returns the connections to close to make room for it.
    func admit(_ channel: any Channel, client: String) -> [any Channel] {
        tables.withLock { tables in
            tables.nextOrder += 1
            tables.waiting[ObjectIdentifier(channel)] = Waiting(
                client: client, order: tables.nextOrder, channel: channel)
            var evicted: [any Channel] = []
            func evictOldest(_ among: [Waiting], over limit: Int) {
                guard among.count > limit else { return }
                for entry in among.sorted(by: { $0.order < $1.order }).prefix(among.count - limit) {
                    tables.waiting[ObjectIdentifier(entry.channel)] = nil
                    evicted.append(entry.channel)
                }
            }
            evictOldest(
                tables.waiting.values.filter { $0.client == client }, over: limits.unauthenticatedPerClient)
            evictOldest(Array(tables.waiting.values), over: limits.unauthenticatedTotal)
            return evicted
        }
    }

    /// The connection showed a valid credential, or is gone: it no longer counts.
    func release(_ channel: any Channel) {
        tables.withLock { _ = $0.waiting.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Why a new WebSocket for `credential` cannot open, or nil when it takes one.
    enum WebSocketRefusal: Sendable { case perCredential, total }

    /// Takes a WebSocket for `credential`, or says why it cannot.
    func openWebSocket(for credential: String) -> WebSocketRefusal? {
        tables.withLock { tables in
            if let refusal = Self.refusal(for: credential, in: tables, limits: limits) { return refusal }
            tables.webSockets[credential, default: 0] += 1
            return nil
        }
    }

    /// Why a WebSocket for `credential` would be refused now, taking nothing.
    func refusal(for credential: String) -> WebSocketRefusal? {
        Self.refusal(for: credential, in: tables.current, limits: limits)
    }

    private static func refusal(for credential: String, in tables: Tables, limits: ConnectionLimits)
        -> WebSocketRefusal?
    {
        if tables.webSockets.values.reduce(0, +) >= limits.webSocketsTotal { return .total }
        if tables.webSockets[credential, default: 0] >= limits.webSocketsPerCredential {
            return .perCredential
        }
        return nil
    }

    func closeWebSocket(for credential: String) {
        tables.withLock { tables in
            let left = tables.webSockets[credential, default: 1] - 1
            tables.webSockets[credential] = left > 0 ? left : nil
        }
    }
}
