import CDWallyCore

/// The framing and limits of the control protocol, version 1 (`PROTOCOL.md` in this
/// folder): one compact JSON object per line, UTF-8, `\n`-terminated, in both directions.
public enum ControlProtocol {
    /// The version this build writes and the highest it reads.
    public static let version = 1
    /// The longest request line, without its newline, a server reads.
    public static let maximumLineLength = 65_536
    /// How long a server waits for the next request line before it hangs up.
    public static let defaultRequestTimeout: Duration = .seconds(5)

    /// `value` as one line of the protocol.
    static func line(_ value: JSONValue) -> [UInt8] {
        value.utf8(pretty: false) + [UInt8(ascii: "\n")]
    }

    /// True for a line with nothing but JSON whitespace: skipped, not answered.
    static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    }
}
