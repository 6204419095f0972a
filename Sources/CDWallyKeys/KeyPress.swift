import CDWallyPlayer

/// One press of a bound key: which key, and the player command it is bound to.
public struct KeyPress: Sendable, Hashable {
    public var key: KeyCode
    public var command: PlayerCommand

    public init(key: KeyCode, command: PlayerCommand) {
        self.key = key
        self.command = command
    }
}
