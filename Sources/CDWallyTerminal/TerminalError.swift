import CDWallySystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What can go wrong taking over the terminal, each case carrying what its one-line
/// message needs.
public enum TerminalError: Error, CustomStringConvertible, Hashable, Sendable {
    /// A system call on the terminal failed: `call` names it, `message` is the errno's text.
    case system(call: String, message: String)
    /// Another display already holds the terminal in this process.
    case alreadyInUse

    public var description: String {
        switch self {
        case .system(let call, let message):
            return
                "cannot take over the terminal: \(call) failed (\(message)); run `cdwally play` in a terminal, "
                + "or redirect its output for plain lines"
        case .alreadyInUse:
            return "the terminal display is already running in this process"
        }
    }

    /// The one place a C status becomes a `TerminalError`: -1 means failure, with `errno`.
    @discardableResult
    static func check(_ status: Int32, _ call: @autoclosure () -> String) throws(TerminalError) -> Int32 {
        guard status == -1 else { return status }
        throw .system(call: call(), message: ErrnoText.of(errno))
    }
}
