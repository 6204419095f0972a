import CDWallyCore
import CDWallyQuickClient

/// The answer to a `command-line` request: what the command line prints and how it ends, in
/// the small client's own type (`PrintedLines`), which writes it out as it is.
extension PrintedLines {
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
