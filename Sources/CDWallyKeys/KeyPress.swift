import CDWallyVocabulary

/// One thing a device did that means a player command: a press of a bound key, a long press,
/// or a detent of the knob; and the command it is bound to.
public struct KeyPress: Sendable, Hashable, CustomStringConvertible {
    public enum Source: Sendable, Hashable {
        case key(KeyCode)
        /// The key was held for `InputInterpreter.holdTime`.
        case longPress(KeyCode)
        /// A detent of the knob on this relative axis (`EV_REL` code).
        case knob(axis: UInt16)
    }

    public var source: Source
    public var command: PlayerCommand

    public init(key: KeyCode, command: PlayerCommand) {
        self.init(source: .key(key), command: command)
    }

    public init(source: Source, command: PlayerCommand) {
        self.source = source
        self.command = command
    }

    /// The key, for a press or a long press; nil for the knob.
    public var key: KeyCode? {
        switch source {
        case .key(let key), .longPress(let key): key
        case .knob: nil
        }
    }

    /// For the log: "key KEY_NEXTSONG", "long press of KEY_NEXTSONG", "knob REL_X".
    public var description: String {
        switch source {
        case .key(let key): "key \(key.name)"
        case .longPress(let key): "long press of \(key.name)"
        case .knob(let axis): "knob \(Knob.name(of: axis))"
        }
    }
}
