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
    /// How long to wait for the rest of an escape sequence.
    private static let escapeWait: Duration = .milliseconds(60)

    private let input: Int32
    private let wake: WakePipe
    private let onKey: @Sendable (Key) -> Void
    private let onEnd: @Sendable () -> Void
    private let phase = LockedValue(Phase.idle)

    private enum Phase {
        case idle
        case running(PollThread)
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
        phase.withLock { phase in
            guard case .idle = phase else { return }
            phase = .running(
                PollThread.start(name: "cdwally keys", stopSignal: wake) { [self] thread in readKeys(thread) }
            )
        }
    }

    /// Ends the thread and waits for it. Idempotent.
    func stop() {
        let previous = phase.withLock { phase in
            defer { phase = .stopped }
            return phase
        }
        if case .running(let thread) = previous { thread.stop() }
    }

    private func readKeys(_ thread: PollThread) {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 256)
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        while true {
            switch thread.wait(&descriptors, until: decoder.isWaiting ? .now + Self.escapeWait : nil) {
            case .stopped: return
            case .failed:
                onEnd()
                return
            case .timedOut:
                for key in decoder.flush() { onKey(key) }
                continue
            case .ready: break
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
