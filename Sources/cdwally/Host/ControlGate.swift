import CDWallyControl
import CDWallyCore
import CDWallyPlayer
import CDWallySystem
import Foundation

/// Answers control requests for a player that may not exist yet: the socket is claimed
/// first (one player per user, decided before mpv starts), the player joins once built.
/// Until it does, `status` says what the start waits for (`serve` with its library disk not
/// mounted yet), and other commands are refused with the same words.
final class ControlGate: Sendable {
    private let host = LockedValue<PlayerHost?>(nil)
    private let awaited = LockedValue<String?>(nil)
    /// A card read over the socket before the player exists: shown, and handed to the player.
    private let lastCard = LockedValue<PlayerStatus.LastCard?>(nil)

    func open(to host: PlayerHost) {
        if let card = lastCard.current { host.cardDesk.last.withLock { $0 = $0 ?? card } }
        self.host.set(host)
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
                var status = ControlStatus(
                    state: .idle, disc: nil, track: nil, elapsed: 0, trackCount: 0, waitingFor: awaited)
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
