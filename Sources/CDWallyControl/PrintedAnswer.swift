import CDWallyCore

/// What a command line prints and how it ends: the answer to a `command-line` request, which
/// the small control client (the installed `cdwally`) writes out as it is.
public struct PrintedAnswer: Sendable, Hashable {
    public var standardOutput: String
    public var standardError: String
    public var exitStatus: Int32

    public init(standardOutput: String = "", standardError: String = "", exitStatus: Int32) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.exitStatus = exitStatus
    }

    /// The answer as the protocol writes it: a success, whatever the exit status, since the
    /// request itself was carried out.
    public var json: JSONValue {
        .object([
            ("version", .int(ControlProtocol.version)), ("ok", .bool(true)),
            ("stdout", .string(standardOutput)), ("stderr", .string(standardError)),
            ("exit", .int(Int(exitStatus))),
        ])
    }
}
