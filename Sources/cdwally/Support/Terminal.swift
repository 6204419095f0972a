import CDWallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process's standard streams are connected to, for choosing between a display
/// for people and plain lines for pipes (docs/PRODUCT.md §7).
struct Terminal: Sendable {
    var stdoutIsTerminal: Bool
    var stderrIsTerminal: Bool
    /// Colour and bold only on a terminal, and never with `NO_COLOR` set.
    var useColor: Bool
    /// Columns available on stdout: `COLUMNS` when set, else the terminal's width; a pipe
    /// or file has no width, so nothing is cut for a script (`unlimited`).
    var width: Int

    /// The width of output that is never cut.
    static let unlimited = 1 << 20

    static func current(environment: [String: String]) -> Terminal {
        let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        var size = winsize()
        let terminalWidth =
            stdoutIsTerminal && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
            ? Int(size.ws_col) : nil
        let columns = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        let width = columns ?? terminalWidth ?? (stdoutIsTerminal ? 80 : unlimited)
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Terminal(
            stdoutIsTerminal: stdoutIsTerminal, stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            useColor: stdoutIsTerminal && !noColor && environment["TERM"] != "dumb", width: width)
    }

    func bold(_ text: String) -> String { useColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { useColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}

/// Writes to standard error without buffering surprises.
enum StandardError {
    /// Writes `text`, its lines cleaned of control characters (a path or tag in a message
    /// must not reach the terminal raw).
    static func emit(_ text: String) {
        var bytes = Array(ShownText.cleanLines(text).utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if count <= 0 { return }
                offset += count
            }
        }
    }
}
