import CDWallyCore
import CDWallySystem
import CDWallyVocabulary

/// Hands every player event to every subscriber, each through its own `AsyncStream`, so
/// several front ends (display, socket, MPRIS) listen at once.
///
/// Warnings and errors raised before anyone subscribed (an unreadable resume file at
/// start-up) are kept and given to the first subscriber, so they are not lost.
///
/// Threads: any; the subscriber table sits behind a lock. A subscriber that stops reading
/// keeps only its newest `bufferLimit` events rather than growing without bound.
final class EventHub: Sendable {
    static let bufferLimit = 512
    private static let backlogLimit = 32

    private let table = LockedValue(Table())

    func subscribe() -> AsyncStream<PlayerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PlayerEvent.self, bufferingPolicy: .bufferingNewest(Self.bufferLimit))
        let joined: (id: Int, backlog: [PlayerEvent])? = table.withLock { table in
            guard !table.isFinished else { return nil }
            let id = table.nextID
            table.nextID += 1
            table.subscribers[id] = continuation
            defer { table.backlog.removeAll() }
            return (id, table.backlog)
        }
        guard let joined else {
            continuation.finish()
            return stream
        }
        // Set outside the lock: termination runs this handler, which takes the lock.
        continuation.onTermination = { [weak self] _ in
            self?.table.withLock { _ = $0.subscribers.removeValue(forKey: joined.id) }
        }
        for event in joined.backlog { continuation.yield(event) }
        return stream
    }

    func emit(_ event: PlayerEvent) {
        let subscribers: [AsyncStream<PlayerEvent>.Continuation] = table.withLock { table in
            if table.subscribers.isEmpty && !table.hadSubscriber && event.isNotice
                && table.backlog.count < Self.backlogLimit
            {
                table.backlog.append(event)
            }
            return Array(table.subscribers.values)
        }
        for subscriber in subscribers { subscriber.yield(event) }
    }

    /// Ends every stream; later subscribers get an empty one.
    func finish() {
        let subscribers = table.withLock { table in
            table.isFinished = true
            defer { table.subscribers.removeAll() }
            return Array(table.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}

private struct Table: Sendable {
    var subscribers: [Int: AsyncStream<PlayerEvent>.Continuation] = [:]
    var nextID = 0
    var hadSubscriber: Bool { nextID > 0 }
    var backlog: [PlayerEvent] = []
    var isFinished = false
}

extension PlayerEvent {
    /// Warnings and errors: the events worth keeping for a subscriber who comes late.
    fileprivate var isNotice: Bool {
        switch self {
        case .warning, .error: return true
        default: return false
        }
    }
}
