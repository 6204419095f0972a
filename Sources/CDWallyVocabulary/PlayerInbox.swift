/// Where a front end sends its commands: the host's one door (`PlayerHost` in `play` and
/// `serve`), which passes them into the player's ordered mailbox. `reply` gets each
/// command's outcome. Ending the process is no command: it is the host's alone.
public protocol PlayerInbox: Sendable {
    func send(_ command: PlayerCommand, reply: @escaping PlayerReply)
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
