import CDWallyVocabulary

/// The stable, machine-readable reason of an error answer. Scripts and the CLI branch on
/// it; the message beside it is for people and may change. A client must accept codes it
/// does not know (a newer player may send them), so this is an open set, not an enum.
public struct ControlErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The line is not a request: not JSON, not an object, too long, a field missing or of
    /// the wrong type.
    public static let badRequest = ControlErrorCode(rawValue: "bad-request")
    /// A well-formed request whose `command` this player does not know.
    public static let unknownCommand = ControlErrorCode(rawValue: "unknown-command")
    /// The request's `version` is newer than the player speaks.
    public static let unsupportedVersion = ControlErrorCode(rawValue: "unsupported-version")
    /// The disc number is not a wallet position.
    public static let outOfRange = ControlErrorCode(rawValue: "out-of-range")
    /// No audio output could be opened.
    public static let audioOutput = ControlErrorCode(rawValue: "audio-output")
    /// The player is shutting down and takes no more commands.
    public static let shutDown = ControlErrorCode(rawValue: "shut-down")
    /// Too many clients are connected at once, or the player is still starting (waiting for
    /// its library: kind `waiting`); try again.
    public static let busy = ControlErrorCode(rawValue: "busy")
    /// The command was understood but did not work (the message says why).
    public static let failed = ControlErrorCode(rawValue: "failed")
    /// `next-card` waited its time and no card was read.
    public static let noCard = ControlErrorCode(rawValue: "no-card")

    public var description: String { rawValue }
}

extension ControlErrorCode {
    /// The code of a player's refusal of `kind`: the codes older clients know (a stalled
    /// output is an `audio-output` failure); the answer's `kind` says more.
    public init(_ kind: PlayerErrorKind) {
        self =
            switch kind {
            case .outOfRange: .outOfRange
            case .audioOutput, .outputStalled: .audioOutput
            case .shutDown: .shutDown
            case .waiting: .busy
            default: .failed
            }
    }
}
