/// Where a front end sends its commands: the player itself, or a host that acts on `quit`
/// (ending the process) and passes the rest on. `reply` gets each command's outcome.
public protocol PlayerInbox: Sendable {
    func send(_ command: PlayerCommand, reply: @escaping PlayerReply)
    /// The state now, for requests that only read it.
    var snapshot: PlayerSnapshot { get }
}

/// What becomes of one command: the state once it took effect, or why it failed.
public typealias PlayerReply = @Sendable (Result<PlayerSnapshot, PlayerError>) -> Void

extension PlayerInbox {
    /// Sends `command` behind those sent before it and returns the state once it took
    /// effect: for commands that start or move playback, once mpv confirmed it (or did not
    /// within 10 s).
    @discardableResult
    public func perform(_ command: PlayerCommand) async throws(PlayerError) -> PlayerSnapshot {
        let result = await withCheckedContinuation { continuation in
            send(command) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }
}

extension Player: PlayerInbox {}
