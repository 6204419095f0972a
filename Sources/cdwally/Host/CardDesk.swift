import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallySystem
import Foundation

/// A player's cards (docs/PRODUCT.md §11): the rules and their repeat clock, the last card
/// read, the `card assign` commands waiting for the next card, and how a number finds its
/// album. The reader's thread and the socket's both reach it; each field is behind its lock.
final class CardDesk: Sendable {
    typealias LastCard = PlayerStatus.LastCard
    /// The card line of a number in the playlist the player follows; nil when none gives it.
    typealias LookUp = @Sendable (CardNumber) async throws -> LibraryService.CardInfo?

    let rules: LockedValue<CardReadRules>
    let last = LockedValue<LastCard?>(nil)
    let lookUp: LockedValue<LookUp>
    private let waiters = LockedValue<[UUID: CheckedContinuation<LastCard?, Never>]>([:])
    /// Told when the last card changes: the web, whose state shows it.
    private let watchers = LockedValue<[@Sendable () -> Void]>([])

    init(rules: CardReadRules = CardReadRules(), lookUp: @escaping LookUp = { _ in nil }) {
        self.rules = LockedValue(rules)
        self.lookUp = LockedValue(lookUp)
    }

    /// The card is now the last card read.
    func remember(_ card: LastCard) {
        last.set(card)
        for watcher in watchers.current { watcher() }
    }

    func onChange(_ watcher: @escaping @Sendable () -> Void) {
        watchers.withLock { $0.append(watcher) }
    }

    /// Whether the read counts (`CardReadRules.counts`), on the monotonic clock.
    func counts(_ number: CardNumber, at now: ContinuousClock.Instant = .now) -> Bool {
        rules.withLock { $0.counts(number, at: now) }
    }

    /// The next card read, or nil when none comes within `seconds`.
    func nextCard(within seconds: Int) async -> LastCard? {
        let id = UUID()
        return await withCheckedContinuation { continuation in
            waiters.withLock { $0[id] = continuation }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                self.waiters.withLock { $0.removeValue(forKey: id) }?.resume(returning: nil)
            }
        }
    }

    /// Hands `card` to every `card assign` waiting; false when none waits.
    func handOver(_ card: LastCard) -> Bool {
        let waiting = waiters.withLock { waiters in
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for waiter in waiting { waiter.resume(returning: card) }
        return !waiting.isEmpty
    }
}
