import CDWallyPlayer

/// An error answer: a stable code for programs and a one-line message for people.
public struct ControlFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: ControlErrorCode
    public var message: String

    public init(code: ControlErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    /// The answer to a command the player refused or could not carry out.
    public init(_ error: PlayerError) {
        let code: ControlErrorCode =
            switch error {
            case .discOutOfRange, .trackOutOfRange, .volumeOutOfRange: .outOfRange
            case .audioOutputFailed, .outputStalled: .audioOutput
            case .shutDown: .shutDown
            default: .failed
            }
        self.init(code: code, message: error.description)
    }

    /// A request line the protocol cannot read.
    static func badRequest(_ message: String) -> ControlFailure {
        ControlFailure(code: .badRequest, message: "bad request: \(message)")
    }

    public var description: String { message }
}
