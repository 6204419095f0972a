import CDWallyControl
import CDWallyCore
import CDWallyPlayer
import CDWallySystem
import CDWallyVocabulary
import Foundation

/// Answers control requests for a player that may not exist yet: the socket is claimed
/// first (one player per user, decided before mpv starts), the player joins once built.
/// Until it does, `status` says what the start waits for (`serve` with its library disk not
/// mounted yet), and other commands are refused with the same words.
final class ControlGate: Sendable {
    private let host = LockedValue<PlayerHost?>(nil)
    private let awaited = LockedValue<String?>(nil)
    /// `follow` connections made before the player joined; they follow it once it does.
    private let waitingFollowers = LockedValue<[ControlSubscription]>([])
    /// A card read over the socket before the player exists: shown, and handed to the player.
    private let lastCard = LockedValue<PlayerStatus.LastCard?>(nil)

    func open(to host: PlayerHost) {
        if let card = lastCard.current { host.cardDesk.last.withLock { $0 = $0 ?? card } }
        // Set under the followers' lock: a follower comes before (and is handed over here) or
        // after (and finds the host), never in between.
        let waiting = waitingFollowers.withLock { waiting in
            self.host.set(host)
            defer { waiting = [] }
            return waiting
        }
        for subscription in waiting where !subscription.isCancelled { feed(subscription, host) }
    }

    /// Answers a `follow` connection: the player's status and its changes; before the player
    /// exists, what the start waits for, then the player's once it joined.
    func follow(_ subscription: ControlSubscription) {
        let host = waitingFollowers.withLock { waiting -> PlayerHost? in
            guard let host = self.host.current else {
                waiting.append(subscription)
                return nil
            }
            return host
        }
        guard let host else {
            if let awaited = awaited.current { subscription.post(Self.waiting(for: awaited)) }
            return
        }
        feed(subscription, host)
    }

    private func feed(_ subscription: ControlSubscription, _ host: PlayerHost) {
        host.controlResponder.follow(subscription) { [weak host] status in host?.describe(&status) }
        // What the host adds changes by itself too (the library stops answering, a card).
        let forget = host.whenHostStatusChanges { [weak host] in
            guard let host else { return }
            var status = PlayerStatus(snapshot: host.view.snapshot)
            host.describe(&status)
            subscription.post(status)
        }
        subscription.onCancel(forget)
    }

    /// The status of a start that waits for `path` (the library) before a player exists.
    private static func waiting(for path: String) -> PlayerStatus {
        PlayerStatus(state: .idle, disc: nil, track: nil, elapsed: 0, trackCount: 0, waitingFor: path)
    }

    /// The start waits for `path` (the library) before a player exists.
    func wait(for path: String?) {
        awaited.set(path)
    }

    func handle(_ request: ControlRequest, answer: @escaping @Sendable (ControlResponse) -> Void) {
        guard let host = host.current else {
            guard let awaited = awaited.current else {
                return answer(
                    .failure(ControlFailure(code: .busy, message: "the player is still starting; try again")))
            }
            // A card read while the library is missing is shown, as an unknown card is, and
            // nothing is queued for later (docs/PRODUCT.md §11).
            if case .cardRead(let number) = request {
                lastCard.set(
                    PlayerStatus.LastCard(
                        number: number.text, device: nil, at: Date().timeIntervalSince1970,
                        outcome: .libraryMissing))
            }
            switch request {
            case .status, .cardRead:
                var status = Self.waiting(for: awaited)
                status.lastCard = lastCard.current
                return answer(.ok(status))
            default: break
            }
            return answer(.failure(ControlFailure(PlayerError.waitingForLibrary(path: awaited))))
        }
        host.controlResponder.respond(to: request) { response in
            guard case .ok(var status) = response else { return answer(response) }
            host.describe(&status)
            answer(.ok(status))
        }
    }
}
