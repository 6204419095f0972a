import CDWallyControl
import CDWallyCore

/// The player that already runs for this user, as found by a `play` or `serve` that
/// could not claim the player lock or the socket.
struct RunningPlayer {
    /// Its pid, when it recorded one.
    var pid: Int32?
    var socket: RawPath

    var endpoint: ControlEndpoint { ControlEndpoint(directory: socket.parent) }

    /// The refusal of a second player: names the running one so the user can find it.
    var refusal: ControlError { .alreadyRunning(pid: pid, socket: socket) }

    /// "pid 4242, socket /run/user/1000/cdwally/control.sock", for messages.
    var name: String {
        "\(pid.map { "pid \($0)" } ?? "pid unknown"), socket \(socket.display)"
    }
}
