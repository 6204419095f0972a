import NIOCore

/// How much of the server one client may hold before it has shown a credential, and how long
/// a request head may take. A phone on a shared network must get in whatever a broken smart
/// TV, a crawler or a slowloris does (PROTOCOL.md names each limit).
public struct ConnectionLimits: Sendable {
    /// Connections without a valid session or token, from one client address. Past it, that
    /// client's oldest such connection is closed.
    public var unauthenticatedPerClient = 8
    /// The same over all clients; past it, the oldest such connection of any client is closed.
    public var unauthenticatedTotal = 64
    /// A connection's first request head must be complete this long after it opened.
    public var headerDeadline: TimeAmount = .seconds(10)
    /// After an answer, the next request head must be complete within this, or the idle
    /// connection is closed (a browser opens a new one when it needs to).
    public var keepAliveDeadline: TimeAmount = .seconds(30)
    /// WebSockets (the live state) for one session or token, and in all. Past either, the
    /// upgrade is refused at once with 429 or 503.
    public var webSocketsPerCredential = 8
    public var webSocketsTotal = 64

    public init() {}
}
