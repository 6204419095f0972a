import CDWallyCore
import CDWallySystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads key presses from the terminal on a thread of its own and hands them over one by
/// one. A lone Escape is told from the start of an arrow key's sequence by waiting
/// `escapeWait` for the rest. The end of input (the terminal hung up) is reported once.
///
/// Threads: the reading thread owns the decoder; `start` and `stop` come from the display
/// loop, and `stop` returns only once the thread no longer touches the terminal.
final class KeyReader: Sendable {
    /// Milliseconds to wait for the rest of an escape sequence.
    private static let escapeWait: Int32 = 60

    private let input: Int32
    private let wake: WakePipe
    private let onKey: @Sendable (Key) -> Void
    private let onEnd: @Sendable () -> Void
    private let finished = DispatchSemaphore(value: 0)
    private let phase = LockedValue(Phase.idle)

    private enum Phase {
        case idle
        case running
        case stopped
    }

    init(input: Int32, onKey: @escaping @Sendable (Key) -> Void, onEnd: @escaping @Sendable () -> Void)
        throws(TerminalError)
    {
        self.input = input
        self.onKey = onKey
        self.onEnd = onEnd
        do { wake = try WakePipe() } catch { throw TerminalError.system(call: "pipe", message: error.reason) }
    }

    func start() {
        let starting = phase.withLock { phase in
            guard phase == .idle else { return false }
            phase = .running
            return true
        }
        guard starting else { return }
        let thread = Thread { [self] in readKeys() }
        thread.name = "cdwally keys"
        thread.start()
    }

    /// Ends the thread and waits for it. Idempotent.
    func stop() {
        let previous = phase.withLock { phase in
            defer { phase = .stopped }
            return phase
        }
        if previous == .running {
            wake.signal()
            finished.wait()
        }
    }

    private func readKeys() {
        defer { finished.signal() }
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 256)
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, decoder.isWaiting ? Self.escapeWait : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                onEnd()
                return
            }
            if descriptors[1].revents != 0 { return }
            if ready == 0 {
                for key in decoder.flush() { onKey(key) }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else {
                onEnd()
                return
            }
            for key in decoder.feed(buffer[..<count]) { onKey(key) }
        }
    }
}
