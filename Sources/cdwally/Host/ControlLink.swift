import CDWallyConfig
import CDWallyControl
import CDWallyCore
import CDWallyLibrary
import CDWallySystem
import Logging

/// Where this user's player listens, for the commands that talk to it and the ones that
/// start it. A player binds `$XDG_RUNTIME_DIR/cdwally/control.sock`, or
/// `/tmp/cdwally-<uid>/` without a runtime directory (a system service), and records where
/// in `player.lock`; clients look there first, then in both places, so an SSH shell (which
/// has a runtime directory) reaches a service (which has not), and cron reaches either.
enum ControlLink {
    /// Where clients look, in order: the socket the player recorded, then `places`.
    static func endpoints(environment: [String: String]) -> [ControlEndpoint] {
        let places = places(environment: environment)
        let stateHome = XDGDirectories(environment: environment).cdwallyState
        guard let socket = PlayerLock.recordedSocket(stateHome: stateHome) else { return places }
        let recorded = ControlEndpoint(directory: socket.parent)
        return places.contains(recorded) ? places : [recorded] + places
    }

    /// Where a player binds (the first) and where an older one, which records nothing, may
    /// listen.
    private static func places(environment: [String: String]) -> [ControlEndpoint] {
        // A runtime directory that does not exist (a stale variable after `su`) counts as unset.
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap {
            FileStatus.of(RawPath($0))?.kind == .directory ? $0 : nil
        }
        let primary = ControlEndpoint.forCurrentUser(runtimeDirectory: runtime)
        let fallback = ControlEndpoint.forCurrentUser(runtimeDirectory: nil)
        return primary == fallback ? [primary] : [primary, fallback]
    }

    /// Sends `request` to the running player, wherever it listens.
    static func send(
        _ request: ControlRequest, environment: [String: String], timeout: Duration = .seconds(15)
    ) throws(ControlError) -> ControlResponse {
        try connect(environment: environment, timeout: timeout).send(request)
    }

    /// A connection to the running player, wherever it listens.
    static func connect(environment: [String: String], timeout: Duration = .seconds(15)) throws(ControlError)
        -> ControlClient
    {
        let places = places(environment: environment)
        var firstError: ControlError?
        for endpoint in endpoints(environment: environment) {
            do {
                return try ControlClient(endpoint: endpoint, timeout: timeout)
            } catch {
                if case .noPlayer = error {
                    firstError = firstError ?? error
                    continue
                }
                // A recorded socket outlives its player, and its folder may since have gone.
                if !places.contains(endpoint), case .unsafeDirectory = error { continue }
                throw error
            }
        }
        throw firstError ?? .noPlayer(socket: places[0].socketPath)
    }

    /// Claims this user's endpoint for a new player: refused when a player already listens
    /// at either place. `handler` answers the requests.
    static func claim(
        environment: [String: String], follower: ControlServer.Follower? = nil,
        printer: ControlServer.Printer? = nil,
        handler: @escaping ControlServer.Handler
    )
        throws(ControlError)
        -> ControlServer
    {
        let places = places(environment: environment)
        for other in places.dropFirst() {
            if case .ok = try? ControlClient.send(.status, endpoint: other, timeout: .seconds(5)) {
                throw .alreadyRunning(pid: nil, socket: other.socketPath)
            }
        }
        return try ControlServer.start(
            endpoint: places[0], logger: Logger(label: "cdwally.control"), follower: follower,
            printer: printer,
            handler: handler)
    }
}
