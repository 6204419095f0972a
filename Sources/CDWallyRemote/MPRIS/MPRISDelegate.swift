/// The player side of the MPRIS server: receives client commands and tells the position.
///
/// Both methods are called on the server's bus thread while a D-Bus call waits for its
/// reply, so they must return quickly: hand the command to the player (a mailbox, a
/// task) rather than doing the work. They may call `MPRISServer.update(_:)`,
/// `seeked(positionMicroseconds:)` and `stop()`, which do not wait for the bus thread.
public protocol MPRISDelegate: Sendable {
    func perform(_ command: MPRISCommand)
    /// The position in the current track, in microseconds (the `Position` property).
    func positionMicroseconds() -> Int64
}
