import CDWallyCore
import CDWallySystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT, SIGTERM, SIGHUP and SIGWINCH into calls on an ordinary thread.
///
/// The signals are blocked on the main thread before any other thread exists (so every
/// thread, mpv's included, inherits the block) and the main thread takes them with `sigwait`.
/// Handlers then run as normal code: they may save state, talk to the player and print,
/// which a signal handler may not. A parent that started us with these signals blocked
/// (Foundation's `Process` does) changes nothing.
enum SignalWaiter {
    static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in stopSignals + [SIGWINCH] { sigaddset(&set, signal) }
        return set
    }

    /// What a signal does until a command says otherwise: what it would have done unblocked.
    private static let handler = LockedValue<@Sendable (Int32) -> Void>({ signal in
        if signal != SIGWINCH { exit(128 + signal) }
    })

    /// Unblocks the stop signals, with their default actions, for a command that runs on the
    /// main thread alone and ends at once (`QuickControl`): a parent that started us with
    /// them blocked can still stop it, and a shell sees 128 + the signal either way.
    static func unblockStopSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in stopSignals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Blocks the signals in the calling thread, which every thread started later inherits.
    static func block() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Takes the signals on the calling thread, for ever. `main` runs this on the main thread
    /// (not `dispatchMain()`, whose parked main thread waits with every signal unblocked).
    static func run() -> Never {
        var set = signalSet()
        while true {
            var received: Int32 = 0
            if sigwait(&set, &received) == 0 { handler.current(received) }
        }
    }

    /// Replaces what the signals do; `handler` runs on the signal thread.
    static func onSignal(_ handler: @escaping @Sendable (Int32) -> Void) {
        self.handler.set(handler)
    }

    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGWINCH: "SIGWINCH"
        default: "signal \(signal)"
        }
    }
}
