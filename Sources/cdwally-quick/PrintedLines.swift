import Glibc

/// What this command prints and its exit status.
struct PrintedLines {
    var standardOutput: String
    var standardError: String
    var exitStatus: Int32

    /// The full program's exit statuses for what this client says itself (`ExitStatus`).
    static let temporaryFailure: Int32 = 75
    static let protocolError: Int32 = 76

    /// A failure said on stderr as the full program says it.
    static func failure(_ message: String, exitStatus: Int32) -> PrintedLines {
        PrintedLines(standardOutput: "", standardError: "cdwally: \(message)\n", exitStatus: exitStatus)
    }

    func write() {
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
