import CDWallyVocabulary

/// An error answer: a stable code for programs and a one-line message for people; for a
/// player's refusal also its kind (`PlayerErrorKind`, the classification every door shares).
public struct ControlFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: ControlErrorCode
    public var message: String
    /// The player's error kind; nil for a refusal of the protocol's own, or from a player older
    /// than `kind` (or newer, with a kind this cdwally does not know).
    public var kind: PlayerErrorKind?

    public init(code: ControlErrorCode, message: String, kind: PlayerErrorKind? = nil) {
        self.code = code
        self.message = message
        self.kind = kind
    }

    /// The answer to a command the player refused or could not carry out.
    public init(_ error: PlayerError) {
        self.init(code: ControlErrorCode(error.kind), message: error.description, kind: error.kind)
    }

    /// A request line the protocol cannot read.
    static func badRequest(_ message: String) -> ControlFailure {
        ControlFailure(code: .badRequest, message: "bad request: \(message)")
    }

    public var description: String { message }
}
