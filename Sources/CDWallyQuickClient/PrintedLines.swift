import Glibc

/// What a command line prints and its exit status: what this client says itself, and the
/// player's answer to a `command-line` request (which the player writes in this same type).
public struct PrintedLines: Sendable, Hashable {
    public var standardOutput: String
    public var standardError: String
    public var exitStatus: Int32

    public init(standardOutput: String = "", standardError: String = "", exitStatus: Int32) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.exitStatus = exitStatus
    }

    /// The full program's exit statuses for what this client says itself (`ExitStatus`).
    static let temporaryFailure: Int32 = 75
    static let protocolError: Int32 = 76

    /// A failure said on stderr as the full program says it.
    static func failure(_ message: String, exitStatus: Int32) -> PrintedLines {
        PrintedLines(standardOutput: "", standardError: "cdwally: \(message)\n", exitStatus: exitStatus)
    }

    public func write() {
        Self.write(standardOutput, to: STDOUT_FILENO)
        Self.write(standardError, to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            bytes = bytes.dropFirst(count)
        }
    }
}
