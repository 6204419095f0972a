import CDWallyVocabulary

/// The player side of the MPRIS server: receives client commands and tells the position.
///
/// Both methods are called on the server's bus thread, so they must return quickly: hand
/// the command to the player's mailbox rather than doing the work. The D-Bus caller waits
/// until the delegate answers `reply` (from any thread, once the command took effect). They may call `MPRISServer.update(_:)`,
/// `seeked(positionMicroseconds:)` and `stop()`, which do not wait for the bus thread.
public protocol MPRISDelegate: Sendable {
    func perform(_ command: PlayerCommand, reply: MPRISReply)
    /// `Quit`, when `CanQuit`: ending the process is the host's, not a player command.
    func quit(reply: MPRISReply)
    /// The position in the current track, in microseconds (the `Position` property).
    func positionMicroseconds() -> Int64
}
