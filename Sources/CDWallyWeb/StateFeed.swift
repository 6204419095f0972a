import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation

/// The player's state as numbered revisions, for every page at once: a new revision whenever
/// anything shown changes (state, disc, track, duration, a seek, the wallet), none while a
/// track just plays on (pages run the clock themselves from `elapsed` and `at`). Each
/// WebSocket subscribes and gets the current state at once, then every new revision and a
/// heartbeat every few seconds, so a page knows the link is alive.
///
/// Threads: any. State behind a lock; one task reads the player's events.
final class StateFeed: Sendable {
    struct Current: Sendable {
        var revision = 0
        var walletRevision = 0
        /// The last snapshot published, and the same with the clock stopped at 0, to compare.
        var snapshot: PlayerSnapshot
        var key: PlayerSnapshot
        var at: Date
    }

    static let heartbeatInterval: Duration = .seconds(5)

    private let view: any PlayerView
    /// What the host adds to the status (`waitingFor`, how the player was started).
    private let hostStatus: @Sendable (inout PlayerStatus) -> Void
    let covers: CoverThumbnails
    private let current: LockedValue<Current>
    private let subscribers = LockedValue<[UUID: AsyncStream<String>.Continuation]>([:])
    private let tasks = LockedValue<[Task<Void, Never>]>([])

    init(
        view: any PlayerView, covers: CoverThumbnails,
        hostStatus: @escaping @Sendable (inout PlayerStatus) -> Void = { _ in }
    ) {
        self.view = view
        self.hostStatus = hostStatus
        self.covers = covers
        let snapshot = view.snapshot
        current = LockedValue(
            Current(
                revision: 1, walletRevision: 1, snapshot: snapshot, key: StateFeed.key(snapshot), at: Date()))
    }

    func start() {
        prepareCovers(view.snapshot.wallet)
        let events = view.events()
        let reader = Task { [weak self] in
            for await event in events {
                switch event {
                case .snapshotChanged(let snapshot), .trackChanged(let snapshot):
                    self?.note(snapshot)
                case .seeked(let snapshot):
                    self?.note(snapshot, forced: true)
                default: break
                }
            }
        }
        let heartbeat = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: StateFeed.heartbeatInterval)
                self?.beat()
            }
        }
        tasks.set([reader, heartbeat])
    }

    func stop() {
        for task in tasks.current { task.cancel() }
        for continuation in subscribers.current.values { continuation.finish() }
        subscribers.set([:])
    }

    /// The current state message, as `GET /api/v1/state` and a new WebSocket get it.
    var stateMessage: JSONValue {
        let now = current.current
        return message(now.snapshot, revision: now.revision, walletRevision: now.walletRevision, at: now.at)
    }

    /// The state message of `snapshot`: the one status shape, with what the host adds.
    private func message(_ snapshot: PlayerSnapshot, revision: Int, walletRevision: Int, at: Date)
        -> JSONValue
    {
        var status = PlayerStatus(snapshot: snapshot)
        hostStatus(&status)
        return WebJSON.state(
            status, revision: revision, walletRevision: walletRevision, at: at, covers: covers,
            album: snapshot.disc?.album)
    }

    /// Makes the covers of a wallet's discs; when some are new, pages fetch the wallet again.
    private func prepareCovers(_ wallet: Wallet) {
        covers.prepare(wallet.discs) { [weak self] in
            guard let self else { return }
            current.withLock { $0.walletRevision += 1 }
            note(view.snapshot, forced: true)
        }
    }

    /// Publishes `snapshot` as a new revision if anything shown changed (or `forced`).
    /// Returns the state message as it stands afterwards.
    @discardableResult
    func note(_ snapshot: PlayerSnapshot, forced: Bool = false) -> JSONValue {
        let key = StateFeed.key(snapshot)
        var walletChanged = false
        let message: JSONValue? = current.withLock { current in
            current.snapshot = snapshot
            current.at = Date()
            guard forced || key != current.key else { return nil }
            if key.wallet != current.key.wallet {
                current.walletRevision += 1
                walletChanged = true
            }
            current.key = key
            current.revision += 1
            return self.message(
                snapshot, revision: current.revision, walletRevision: current.walletRevision, at: current.at)
        }
        if walletChanged { prepareCovers(snapshot.wallet) }
        if let message { broadcast(StateFeed.frame("state", message)) }
        return message ?? stateMessage
    }

    /// A stream of text frames: the state now, then each revision and heartbeat.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: String.self, bufferingPolicy: .bufferingNewest(8))
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.subscribers.withLock { $0[id] = nil } }
        continuation.yield(StateFeed.frame("state", stateMessage))
        return stream
    }

    private func beat() {
        let now = current.current
        // The player's own clock, so a page corrects any drift of its own.
        let fresh = view.snapshot
        broadcast(
            StateFeed.frame(
                "heartbeat",
                .object([
                    ("revision", .int(now.revision)), ("at", .seconds(Date().timeIntervalSince1970)),
                    ("elapsed", .seconds(fresh.elapsed)),
                ])))
    }

    private func broadcast(_ frame: String) {
        for continuation in subscribers.current.values { continuation.yield(frame) }
    }

    private static func frame(_ type: String, _ body: JSONValue) -> String {
        JSONValue.object([("type", .string(type)), ("body", body)]).serialized(pretty: false)
    }

    private static func key(_ snapshot: PlayerSnapshot) -> PlayerSnapshot {
        var key = snapshot
        key.elapsed = 0
        return key
    }
}
