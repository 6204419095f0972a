import CDWallyCore
import CDWallySystem
import CMPV
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one owner of an `mpv_handle`.
///
/// mpv serialises every API call on one core lock, so this type adds only what the client
/// API leaves to its host: `LC_NUMERIC` forced to "C" before `mpv_create` (which returns
/// nothing otherwise), one dedicated thread that waits for events and copies each into an
/// `MPVEvent` before the next wait frees it, and a teardown in which
/// `mpv_terminate_destroy` overlaps no other call. No wakeup callback is installed: the
/// waiting thread is the only consumer. Typed commands live in `MPVHandle+Commands.swift`.
///
/// Threads: `handle` and `eventThreadStarted` are guarded by `lock`, held around every mpv
/// call except `mpv_wait_event`. Only the event thread calls `mpv_wait_event` and, once
/// SHUTDOWN arrives, `mpv_terminate_destroy`; it first clears `handle` under the lock so no
/// other call can start or still be running.
final class MPVHandle: @unchecked Sendable {
    private let lock = NSLock()
    let library: MPVLibrary
    private var handle: OpaquePointer?
    private var eventThreadStarted = false
    private let destroyed = LockedValue(DestroyWaiters())
    private static let creationLock = NSLock()

    /// Creates and initialises a handle with `options`, in order.
    init(options: [MPVOption]) throws(PlayerError) {
        let library = try MPVLibrary.shared.get()
        self.library = library
        // mpv parses numbers with the C locale and refuses to start under any other;
        // setlocale is not thread-safe, so handles are created one at a time.
        let created = Self.creationLock.withLock { () -> OpaquePointer? in
            setlocale(LC_NUMERIC, "C")
            // mpv says nothing on the terminal, but the audio libraries it probes print
            // their own complaints to stderr over our display: quiet libpipewire (the
            // user's own setting wins) and ALSA.
            setenv("PIPEWIRE_DEBUG", "0", 0)
            cdwally_silence_alsa()
            return library.create()
        }
        guard let created else { throw PlayerError.mpvCreateFailed }
        handle = created
        do {
            for option in options { try setOption(option, on: created) }
            try check(library.initialize(created), "mpv_initialize")
            try waitUntilIdle(created)
        } catch {
            handle = nil
            library.terminateDestroy(created)
            throw error
        }
    }

    deinit {
        // Reached with a live handle only when the event thread never ran: it holds `self`.
        if let handle { library.terminateDestroy(handle) }
    }

    /// Runs `body` with the handle while no teardown can happen; throws once it is gone.
    func withHandle<Result>(_ call: String, _ body: (OpaquePointer) throws(PlayerError) -> Result)
        throws(PlayerError) -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        guard let handle else { throw PlayerError.mpv(call: call, message: "the player has shut down") }
        return try body(handle)
    }

    /// The one place an mpv status becomes a Swift error, naming the call.
    func check(_ status: Int32, _ call: String) throws(PlayerError) {
        guard status < 0 else { return }
        throw PlayerError.mpv(call: call, message: MPVErrorCode(status).description)
    }

    private func setOption(_ option: MPVOption, on handle: OpaquePointer) throws(PlayerError) {
        let status = library.setOptionString(handle, option.name, option.value)
        if status >= 0 { return }
        let code = MPVErrorCode(status)
        if option.bestEffort && code == .optionNotFound { return }
        throw PlayerError.invalidOption(name: option.name, value: option.value, message: code.description)
    }

    /// Waits, on the creating thread and before the event thread exists, until the core has
    /// entered its idle loop. Until then it waits for every client to call `mpv_wait_event`
    /// and then "prepares the playlist", starting its first entry: a file appended in that
    /// window would start playing even though `append` never starts playback.
    private func waitUntilIdle(_ handle: OpaquePointer) throws(PlayerError) {
        let token: UInt64 = 1
        try check(
            library.observeProperty(handle, token, "idle-active", MPV_FORMAT_FLAG), "observe idle-active")
        defer { _ = library.unobserveProperty(handle, token) }
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            guard let event = library.waitEvent(handle, 1)?.pointee else { continue }
            if event.event_id == MPV_EVENT_SHUTDOWN { break }
            if case .propertyChange("idle-active", .flag(true)) = MPVEvent(copying: event) { return }
        }
        throw PlayerError.mpv(
            call: "mpv_initialize", message: "the player quit or did not become idle in 30 s")
    }

    /// Asks for PROPERTY_CHANGE events for `name`, delivered in `format`.
    func observe(_ name: String, format: MPVPropertyFormat) throws(PlayerError) {
        try withHandle("mpv_observe_property(\(name))") { (handle) throws(PlayerError) in
            try check(
                library.observeProperty(handle, 0, name, format.cValue), "mpv_observe_property(\(name))")
        }
    }

    /// Asks for LOG_MESSAGE events at `level` and more severe ("warn", "info", …).
    func requestLogMessages(level: String) throws(PlayerError) {
        try withHandle("mpv_request_log_messages") { (handle) throws(PlayerError) in
            try check(library.requestLogMessages(handle, level), "mpv_request_log_messages")
        }
    }

    /// Starts the event thread; `handler` runs on it for every event, ending with `.shutdown`
    /// after the handle is destroyed. It must return quickly: mpv drops events that queue up.
    func startEvents(_ handler: @escaping @Sendable (MPVEvent) -> Void) {
        let start = lock.withLock {
            guard handle != nil, !eventThreadStarted else { return false }
            eventThreadStarted = true
            return true
        }
        guard start else { return }
        let thread = Thread { self.runEventLoop(handler) }
        thread.name = "cdwally-mpv-events"
        thread.start()
    }

    private func runEventLoop(_ handler: @Sendable (MPVEvent) -> Void) {
        // Only this thread clears `handle` once the loop has started, so it stays valid here.
        guard let raw = lock.withLock({ handle }) else { return }
        while let event = library.waitEvent(raw, -1)?.pointee {
            if event.event_id == MPV_EVENT_SHUTDOWN { break }
            if let copied = MPVEvent(copying: event) { handler(copied) }
        }
        lock.withLock { handle = nil }
        library.terminateDestroy(raw)
        handler(.shutdown)
        let waiters = destroyed.withLock { state in
            state.isDestroyed = true
            defer { state.continuations.removeAll() }
            return state.continuations
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Asks mpv to quit. With the event thread running it destroys the handle on SHUTDOWN;
    /// without one (a short-lived handle) the handle is destroyed here.
    func quit() {
        lock.lock()
        guard let raw = handle else {
            lock.unlock()
            return
        }
        if eventThreadStarted {
            _ = Self.withCStrings(["quit"]) { library.commandAsync(raw, 0, $0) }
            lock.unlock()
        } else {
            handle = nil
            lock.unlock()
            library.terminateDestroy(raw)
            destroyed.withLock { $0.isDestroyed = true }
        }
    }

    /// Returns once the handle is destroyed (after `quit`, or mpv quitting by itself).
    func waitUntilDestroyed() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyDone = destroyed.withLock { state in
                if !state.isDestroyed { state.continuations.append(continuation) }
                return state.isDestroyed
            }
            if alreadyDone { continuation.resume() }
        }
    }

    var isDestroyed: Bool { destroyed.current.isDestroyed }

    /// Calls `body` with a NULL-terminated C array of C strings, as `mpv_command` wants.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        var pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}

/// Who waits for the handle's end, and whether it came.
private struct DestroyWaiters: Sendable {
    var isDestroyed = false
    var continuations: [CheckedContinuation<Void, Never>] = []
}
