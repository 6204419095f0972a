import CDWallyCore
import CDWallySystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps stray stderr output off the display: fd 2 becomes a pipe whose lines a thread
/// hands to `onLine` (the display's message line), until `stop()` puts the real stderr
/// back. Libraries write to fd 2 directly (ALSA, PipeWire, a Swift runtime warning); only
/// moving the descriptor itself catches them. The newest bytes are also kept by
/// `TerminalRescue`, which replays them on the real stderr if the process crashes.
///
/// Threads: `start` and `stop` from the display loop; the drain thread owns the pipe's
/// read end and the partial line.
final class StandardErrorCapture: Sendable {
    /// A line longer than this is handed over in pieces rather than held for ever.
    private static let longestLine = 512

    private let target: Int32
    private let copy: Int32
    private let readEnd: Int32
    private let wake: WakePipe
    private let drainer = LockedValue<PollThread?>(nil)
    private let stopped = LockedValue(false)

    private init(target: Int32, copy: Int32, readEnd: Int32, wake: WakePipe) {
        self.target = target
        self.copy = copy
        self.readEnd = readEnd
        self.wake = wake
    }

    /// Redirects `target` (stderr unless a test says otherwise) into the pipe.
    static func start(target: Int32 = STDERR_FILENO, onLine: @escaping @Sendable (String) -> Void)
        throws(TerminalError) -> StandardErrorCapture
    {
        let copy = try TerminalError.check(
            fcntl(target, F_DUPFD_CLOEXEC, 3), "fcntl(F_DUPFD_CLOEXEC) on stderr")
        var ends: [Int32] = [-1, -1]
        let wake: WakePipe
        do throws(TerminalError) {
            try TerminalError.check(pipe(&ends), "pipe for stderr")
            do { wake = try WakePipe() } catch {
                throw TerminalError.system(call: "pipe", message: error.reason)
            }
            try TerminalError.check(dup2(ends[1], target), "dup2 onto stderr")
        } catch {
            for fd in [copy] + ends where fd >= 0 { close(fd) }
            throw error
        }
        close(ends[1])
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        TerminalRescue.captureStandardError(target: target, copy: copy)
        let capture = StandardErrorCapture(target: target, copy: copy, readEnd: ends[0], wake: wake)
        capture.drainer.set(
            PollThread.start(name: "cdwally stderr", stopSignal: wake) { thread in
                capture.drain(thread, onLine)
            })
        return capture
    }

    /// Puts the real stderr back, hands over what is left in the pipe and ends the thread.
    /// Idempotent.
    func stop() {
        let wasStopped = stopped.withLock { isStopped in
            defer { isStopped = true }
            return isStopped
        }
        guard !wasStopped else { return }
        TerminalRescue.captureStandardError(target: target, copy: nil)
        _ = dup2(copy, target)
        drainer.current?.stop()
        close(copy)
        close(readEnd)
    }

    private func drain(_ thread: PollThread, _ onLine: @Sendable (String) -> Void) {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var descriptors = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        func emit() {
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { onLine(text) }
            line.removeAll()
        }
        while true {
            let woke = thread.wait(&descriptors, until: nil)
            if case .failed = woke { break }
            let stopping = woke == .stopped
            // Read until the pipe is empty: when stopping, that is the last of it.
            var ended = false
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress!, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count == 0 { ended = true }
                guard count > 0 else { break }
                buffer.withUnsafeBytes {
                    TerminalRescue.remember(UnsafeRawBufferPointer(rebasing: $0[..<count]))
                }
                for byte in buffer[..<count] {
                    if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                        emit()
                    } else {
                        line.append(byte)
                        if line.count >= Self.longestLine { emit() }
                    }
                }
            }
            if stopping || ended { break }
        }
        emit()
    }
}
