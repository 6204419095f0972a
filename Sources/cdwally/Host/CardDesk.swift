import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallySystem
import CDWallyVocabulary
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
    private let waiters = LockedValue<[UUID: (pid: Int32?, waiter: CheckedContinuation<LastCard?, Never>)]>(
        [:])
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

    /// The next card read, or nil when none comes within `seconds`, or once process `pid` (the
    /// `card assign` asking) is gone.
    func nextCard(within seconds: Int, for pid: Int32? = nil) async -> LastCard? {
        let id = UUID()
        return await withCheckedContinuation { continuation in
            waiters.withLock { $0[id] = (pid, continuation) }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                self.waiters.withLock { $0.removeValue(forKey: id) }?.waiter.resume(returning: nil)
            }
        }
    }

    /// Hands `card` to every `card assign` still waiting, as the last card read (what they
    /// answer with); false when none waits. One whose process ended (a Ctrl-C: the socket gives
    /// no word of it) is let go and takes nothing.
    func handOver(_ card: LastCard) -> Bool {
        let waiting = waiters.withLock { waiters in
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        let alive = waiting.map { entry in entry.pid.map { kill($0, 0) == 0 || errno == EPERM } ?? true }
        if alive.contains(true) { remember(card) }
        for (entry, alive) in zip(waiting, alive) { entry.waiter.resume(returning: alive ? card : nil) }
        return alive.contains(true)
    }
}
