import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The web remote (docs/PRODUCT.md §6): Hummingbird on an event loop of its own (one thread),
/// serving API v1, the WebSocket feed and the pages. It only reads `view` (the player's
/// memory: no GET reads or moves a state file), sends its commands through `inbox` (the
/// host's one door, as every front end does) and listens to the view's events, so it never
/// holds the player up.
///
/// Threads: `start` and `stop` from the owner's task; one NIO thread for the sockets;
/// handlers on the cooperative pool.
public final class WebServer: Sendable {
    public let configuration: WebConfiguration
    private let view: any PlayerView
    private let inbox: any PlayerInbox
    private let feed: StateFeed
    private let gate: WebGate
    private let ledger: ConnectionLedger
    private let group: MultiThreadedEventLoopGroup
    private let running = LockedValue<(task: Task<Void, Never>, services: ServiceGroup)?>(nil)

    public init(view: any PlayerView, inbox: any PlayerInbox, configuration: WebConfiguration) {
        self.view = view
        self.inbox = inbox
        self.configuration = configuration
        feed = StateFeed(
            view: view,
            covers: CoverThumbnails(
                cacheFolder: configuration.cacheFolder, coverFile: configuration.coverFile,
                worker: configuration.coverWorker, logger: configuration.logger),
            hostStatus: configuration.hostStatus)
        gate = WebGate(hosts: configuration.hosts, access: configuration.access)
        ledger = ConnectionLedger(limits: configuration.limits)
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    }

    /// Starts listening; returns once the socket is bound, or throws why it could not be.
    public func start() async throws(WebError) {
        feed.start()
        let bound = LockedValue<CheckedContinuation<Void, any Error>?>(nil)
        let settle: @Sendable ((any Error)?) -> Void = { error in
            bound.withLock { continuation in
                if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
                continuation = nil
            }
        }
        // A service group of our own, with no signal handlers: the host decides when to stop.
        let services = ServiceGroup(
            configuration: .init(
                services: [application(onRunning: { settle(nil) })], gracefulShutdownSignals: [],
                logger: configuration.logger))
        do {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                bound.set(continuation)
                let task = Task {
                    do {
                        try await services.run()
                        settle(CancellationError())
                    } catch {
                        settle(error)
                    }
                }
                running.set((task, services))
            }
        } catch {
            feed.stop()
            throw WebError.cannotListen(configuration.listen.description, reason: WebServer.reason(error))
        }
    }

    /// Closes the socket and every connection: the WebSockets end with the feed, requests
    /// under way are answered.
    public func stop() async {
        feed.stop()
        guard
            let (task, services) = running.withLock({ running in
                defer { running = nil }
                return running
            })
        else { return }
        await services.triggerGracefulShutdown()
        await task.value
        try? await group.shutdownGracefully()
    }

    /// Publishes a new revision of the state: the host changed what it adds to the status (the
    /// last card read), which no player event announces.
    public func hostStatusChanged() {
        feed.note(view.snapshot, forced: true)
    }

    /// Starts the state feed and the covers without listening, for in-process tests.
    func startCovers() {
        feed.start()
    }

    /// The router, for in-process tests.
    func router() -> Router<BasicRequestContext> {
        WebRoutes(view: view, inbox: inbox, feed: feed, configuration: configuration, gate: gate).router()
    }

    private func application(onRunning: @escaping @Sendable () -> Void) -> some ApplicationProtocol {
        let feed = self.feed
        let gate = self.gate
        let ledger = self.ledger
        return Application(
            router: router(),
            server: HTTPServerBuilder { responder in
                GuardedChildChannel(
                    base: HTTP1WebSocketUpgradeChannel(
                        responder: responder,
                        configuration: .init(
                            http1: .init(idleTimeout: .seconds(60)),
                            ws: .init(maxFrameSize: 16 * 1024, autoPing: .enabled(timePeriod: .seconds(30)))),
                        shouldUpgrade: { request, _, _ in
                            // The guard answered the refusals it can see in JSON; what is left
                            // (a cap filled meanwhile, a foreign origin) gets the framework's 400.
                            guard request.path?.split(separator: "?").first == "/api/v1/events",
                                (try? WebServer.checkUpgrade(request, gate: gate)) != nil,
                                let key = gate.credentialKey(request), ledger.openWebSocket(for: key) == nil
                            else { return .dontUpgrade }
                            return .upgrade([:]) { inbound, outbound, _ in
                                defer { ledger.closeWebSocket(for: key) }
                                try await WebServer.stream(
                                    feed: feed, inbound: inbound, outbound: outbound,
                                    stillAllowed: { gate.credentialKey(request) != nil })
                            }
                        }),
                    makeGuard: { ConnectionGuard(ledger: ledger, credential: gate.credentialKey) })
            },
            configuration: .init(
                address: .hostname(configuration.listen.host, port: configuration.listen.port),
                serverName: nil,
                availableConnectionsDelegate: HummingbirdCore.MaximumAvailableConnections(
                    configuration.maximumConnections)),
            onServerRunning: { _ in onRunning() },
            eventLoopGroupProvider: .shared(group),
            logger: configuration.logger)
    }

    static func checkUpgrade(_ request: HTTPRequest, gate: WebGate) throws(WebRequestError) {
        try gate.checkHost(request)
        let credential = try gate.credential(request)
        guard credential != nil else { throw .notPaired }
        try gate.checkOrigin(request, credential: credential)
    }

    /// Sends the feed down one WebSocket until either side ends, or its session or token is
    /// revoked (`stillAllowed`, asked at most once a second, so within a heartbeat): a browser
    /// revoked from a phone loses the live state at once, not at its next reconnection, and its
    /// page asks to pair. What the page sends is ignored.
    static func stream(
        feed: StateFeed, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        stillAllowed: @escaping @Sendable () -> Bool = { true }
    ) async throws {
        let frames = feed.subscribe()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { for try await _ in inbound {} }
            group.addTask {
                var checked = ContinuousClock.now
                for await frame in frames {
                    if ContinuousClock.now - checked >= .seconds(1) {
                        guard stillAllowed() else { return }
                        checked = .now
                    }
                    try await outbound.write(.text(frame))
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return "\(error)"
    }
}
