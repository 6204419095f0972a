import CDWallyControl
import CDWallyCore
import CDWallySystem

/// Answers control requests for a player that may not exist yet: the socket is claimed
/// first (one player per user, decided before mpv starts), the player joins once built.
final class ControlGate: Sendable {
    private let host = LockedValue<PlayerHost?>(nil)

    func open(to host: PlayerHost) {
        self.host.set(host)
    }

    func handle(_ request: ControlRequest) async -> ControlResponse {
        guard let host = host.current else {
            return .failure(ControlFailure(code: .busy, message: "the player is still starting; try again"))
        }
        let response = await host.respond(to: request)
        guard case .ok(var status) = response else { return response }
        status.setup = host.setup.current
        return .ok(status)
    }
}
