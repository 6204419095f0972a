import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts the terminal back when the process dies with the display up: on a crash signal
/// (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) and at `exit()`. A shell left in raw mode
/// with no echo and no cursor is the worst thing a crashing player can do to its user.
///
/// A signal handler may only make async-signal-safe calls, so everything it needs is laid
/// out beforehand in memory allocated once: the saved termios, the reset sequence, the
/// real stderr and the last bytes written to the captured one. The handler writes the
/// sequence, restores the termios and stderr, replays those bytes (the crash message is
/// among them: fd 2 was a pipe into the display), then hands the signal to whoever had it
/// before (Swift's backtracer, or the default action) so the crash is reported as usual.
///
/// Threads: `arm`, `disarm`, `captureStandardError` and `remember` take `lock` and may be
/// called from any thread; the signal handler and the atexit hook read without it (they
/// may not lock). A race between the two only means the reset is written twice.
enum TerminalRescue {
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT]

    /// The terminal's state to put back, read by the signal handler.
    fileprivate struct State {
        /// Set once a crash or exit put the terminal back: the display must not draw again.
        var rescued = false
        var terminalArmed = false
        var input: Int32 = -1
        var output: Int32 = -1
        var saved = termios()
        var resetLength = 0
        var stderrArmed = false
        var stderrTarget: Int32 = -1
        var stderrCopy: Int32 = -1
        var recentStart = 0
        var recentCount = 0
    }

    private static let lock = NSLock()
    fileprivate static let resetCapacity = 64
    fileprivate static let recentCapacity = 2048
    private nonisolated(unsafe) static var handlersInstalled = false
    private nonisolated(unsafe) static var atexitRegistered = false

    /// From now on a crash or `exit()` restores `saved` on `input` and writes `reset` to
    /// `output`. False when the rescue is already armed for another session.
    static func arm(input: Int32, output: Int32, saved: termios, reset: [UInt8]) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        // Touch every global now: their lazy initialisation must not first run in a handler.
        _ = (resetBytes, recentBytes, previousActions)
        let state = rescueState
        guard !state.pointee.terminalArmed else { return false }
        let length = min(reset.count, resetCapacity)
        for index in 0..<length { resetBytes[index] = reset[index] }
        state.pointee.input = input
        state.pointee.output = output
        state.pointee.saved = saved
        state.pointee.resetLength = length
        state.pointee.terminalArmed = true
        if !handlersInstalled { installHandlers() }
        if !atexitRegistered {
            atexitRegistered = true
            atexit { TerminalRescue.restore(replayingStandardError: true) }
        }
        return true
    }

    /// The session put the terminal back itself: nothing is left to rescue.
    static func disarm() {
        lock.lock()
        defer { lock.unlock() }
        rescueState.pointee.terminalArmed = false
        if !rescueState.pointee.stderrArmed, handlersInstalled { uninstallHandlers() }
    }

    /// While captured, `target` (fd 2) is a pipe; `copy` is the real stderr to put back.
    /// Pass nil when the capture ends.
    static func captureStandardError(target: Int32, copy: Int32?) {
        lock.lock()
        defer { lock.unlock() }
        _ = (resetBytes, recentBytes, previousActions)
        let state = rescueState
        state.pointee.stderrTarget = target
        state.pointee.stderrCopy = copy ?? -1
        state.pointee.stderrArmed = copy != nil
        state.pointee.recentStart = 0
        state.pointee.recentCount = 0
        if copy == nil, !state.pointee.terminalArmed, handlersInstalled { uninstallHandlers() }
        if copy != nil, !handlersInstalled { installHandlers() }
    }

    /// Keeps the newest bytes written to the captured stderr, to replay after a crash.
    static func remember(_ bytes: UnsafeRawBufferPointer) {
        lock.lock()
        defer { lock.unlock() }
        let state = rescueState
        for byte in bytes.suffix(recentCapacity) {
            let end = (state.pointee.recentStart + state.pointee.recentCount) % recentCapacity
            recentBytes[end] = byte
            if state.pointee.recentCount < recentCapacity {
                state.pointee.recentCount += 1
            } else {
                state.pointee.recentStart = (state.pointee.recentStart + 1) % recentCapacity
            }
        }
    }

    /// Whether a crash or `exit()` already put the terminal back; the display checks it
    /// before each write so it does not draw over the shell while the process dies.
    static var hasRescued: Bool { rescueState.pointee.rescued }

    /// Async-signal-safe: only loads, stores, `dup2`, `write` and `tcsetattr`. Idempotent.
    fileprivate static func restore(replayingStandardError: Bool) {
        let state = rescueState
        if state.pointee.stderrArmed {
            state.pointee.stderrArmed = false
            _ = dup2(state.pointee.stderrCopy, state.pointee.stderrTarget)
        }
        if state.pointee.terminalArmed {
            state.pointee.terminalArmed = false
            state.pointee.rescued = true
            writeAll(state.pointee.output, resetBytes, state.pointee.resetLength)
            _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.saved)
        }
        if replayingStandardError, state.pointee.recentCount > 0, state.pointee.stderrTarget >= 0 {
            let start = state.pointee.recentStart
            let count = state.pointee.recentCount
            state.pointee.recentCount = 0
            let first = min(count, recentCapacity - start)
            writeAll(state.pointee.stderrTarget, recentBytes + start, first)
            writeAll(state.pointee.stderrTarget, recentBytes, count - first)
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) {
        var offset = 0
        while offset < count {
            let written = write(fd, bytes + offset, count - offset)
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    private static func installHandlers() {
        for signal in crashSignals {
            var action = sigaction()
            #if os(Linux)
                action.__sigaction_handler.sa_sigaction = rescueFromCrash
            #else
                action.__sigaction_u.__sa_sigaction = rescueFromCrash
            #endif
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            _ = sigaction(signal, &action, previousActions + Int(signal))
        }
        handlersInstalled = true
    }

    private static func uninstallHandlers() {
        for signal in crashSignals {
            _ = sigaction(signal, previousActions + Int(signal), nil)
        }
        handlersInstalled = false
    }
}

private nonisolated(unsafe) let rescueState: UnsafeMutablePointer<TerminalRescue.State> = {
    let pointer = UnsafeMutablePointer<TerminalRescue.State>.allocate(capacity: 1)
    pointer.initialize(to: TerminalRescue.State())
    return pointer
}()

private nonisolated(unsafe) let resetBytes = UnsafeMutablePointer<UInt8>.allocate(
    capacity: TerminalRescue.resetCapacity)
private nonisolated(unsafe) let recentBytes = UnsafeMutablePointer<UInt8>.allocate(
    capacity: TerminalRescue.recentCapacity)
private nonisolated(unsafe) let previousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    pointer.initialize(repeating: sigaction(), count: 65)
    return pointer
}()

/// The crash handler: put the terminal back, then let the signal do what it did before.
/// A fault (`si_code > 0`) happens again when the handler returns, now reaching the old
/// handler (Swift's backtracer reports it). A signal that was sent (`kill`, `abort`) is
/// raised again at once for the old handler; should that handler return, as the
/// backtracer does, the default action ends the process as the signal meant to.
private func rescueFromCrash(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    TerminalRescue.restore(replayingStandardError: true)
    _ = sigaction(signal, previousActions + Int(signal), nil)
    if let info, info.pointee.si_code > 0 { return }
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signal)
    _ = pthread_sigmask(SIG_UNBLOCK, &only, nil)
    _ = raise(signal)
    var defaultAction = sigaction()
    _ = sigaction(signal, &defaultAction, nil)
    _ = raise(signal)
}
