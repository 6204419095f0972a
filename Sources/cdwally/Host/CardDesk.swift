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
    /// The `card assign` commands waiting, oldest first: a card goes to one of them.
    private let waiters = LockedValue<[Waiter]>([])
    /// Told when the last card changes: the web, whose state shows it.
    private let watchers = LockedValue<[@Sendable () -> Void]>([])

    private struct Waiter {
        let id: UUID
        /// The process of the `card assign` asking, when it said.
        let pid: Int32?
        let continuation: CheckedContinuation<LastCard?, Never>

        /// False once its process ended (a Ctrl-C: the socket gives no word of it).
        var isAlive: Bool { pid.map { kill($0, 0) == 0 || errno == EPERM } ?? true }
    }

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
            waiters.withLock { $0.append(Waiter(id: id, pid: pid, continuation: continuation)) }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                let expired = self.waiters.withLock { waiters -> Waiter? in
                    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return waiters.remove(at: index)
                }
                expired?.continuation.resume(returning: nil)
            }
        }
    }

    /// Hands `card` to the `card assign` that has waited longest and is still there, as the
    /// last card read (what it answers with); false when none waits. Two waiting get a card
    /// each, in turn: one card is never given to two albums. One whose process ended is let
    /// go and takes nothing.
    func handOver(_ card: LastCard) -> Bool {
        var gone: [Waiter] = []
        let taker = waiters.withLock { waiters -> Waiter? in
            while !waiters.isEmpty {
                let first = waiters.removeFirst()
                if first.isAlive { return first }
                gone.append(first)
            }
            return nil
        }
        for waiter in gone { waiter.continuation.resume(returning: nil) }
        guard let taker else { return false }
        remember(card)
        taker.continuation.resume(returning: card)
        return true
    }
}
