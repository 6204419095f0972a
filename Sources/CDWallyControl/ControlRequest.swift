import CDWallyPlayer

/// What a client asks of the running player over the control socket: one request per
/// line of the protocol (`PROTOCOL.md` in this folder). Every verb but `status` and `quit` is
/// a player command; `PlayerVerb.table` holds their names on the wire.
public enum ControlRequest: Sendable, Hashable {
    case command(PlayerCommand)
    /// Only the status; every answer carries it anyway.
    case status
    /// Ends the player's process, saving every position: the host's, not the player's.
    case quit
}
