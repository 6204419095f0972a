/// The one status shape's members, as `status --json` prints them and as the web's state
/// holds them inside its own (`WebRouterTests` pins the web's side): a superset of the
/// socket's and the web's former shapes, nothing renamed or removed.
enum PlayerStatusShape {
    static let socket: Set<String> = [
        "state", "disc", "trackIndex", "track", "elapsed", "position", "duration", "trackCount", "volume",
        "muted", "volumeLimit", "volumeMin", "sleep", "shuffle", "waitingForOutput", "waitingFor",
        "notAnswering", "player",
    ]
}
