import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real pseudo-terminal pair for in-process tests: the code under test gets `terminal`
/// (the slave side, a tty like the user's), the test types into and reads from `controller`.
/// Closed when the test is done.
final class PseudoTerminal {
    let controller: Int32
    let terminal: Int32
    private var output: [UInt8] = []
    private var controllerOpen = true
    private var terminalOpen = true

    init() throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        try #require(openpty(&controller, &terminal, nil, nil, nil) == 0)
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
        self.controller = controller
        self.terminal = terminal
    }

    deinit {
        closeAll()
    }

    /// Closes both sides, each once (a descriptor closed twice might be another test's).
    func closeAll() {
        hangUp()
        if terminalOpen { _ = close(terminal) }
        terminalOpen = false
    }

    /// Closes the controller side only: the terminal "hangs up".
    func hangUp() {
        if controllerOpen { _ = close(controller) }
        controllerOpen = false
    }

    /// Types `text` as a user would.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress!, $0.count) }
    }

    func setSize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
    }

    /// The terminal's settings now.
    func settings() -> termios {
        var settings = termios()
        _ = tcgetattr(terminal, &settings)
        return settings
    }

    /// Everything written to the terminal so far, waiting up to `timeout` for `expected`.
    func written(waitingFor expected: String, timeout: Duration = .seconds(20)) async -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress!, $0.count) }
            if count > 0 { output += buffer[..<count] }
            let text = String(decoding: output, as: UTF8.self)
            if text.contains(expected) || ContinuousClock.now >= deadline { return text }
            if count <= 0 { try? await Task.sleep(for: .milliseconds(20)) }
        }
    }
}
