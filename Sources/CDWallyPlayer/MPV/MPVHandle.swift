import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
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
/// An output that blocks holds mpv's core, and a synchronous call would wait for it for
/// ever. Once the event thread runs, calls go through mpv's asynchronous API: posted, or
/// awaited a bounded time, suspended (`MPVRequests`); the event thread hands replies over, asks
/// an idle core something every second, and reports `.coreStalled` when a request goes
/// unanswered past `stallLimit`, `.coreAnswering` when a reply comes again. A FIFO output
/// gets a read end held open for the core's life (`PipeOutputHold`).
///
/// Threads: `handle` and `eventThreadStarted` are guarded by `lock`, held around every mpv
/// call except `mpv_wait_event` (and, once the event thread runs, only while a request is
/// queued, which never waits for the core, or a hook continued, which a core waiting at the
/// hook lets through at once). Only the event thread calls `mpv_wait_event`
/// and, once SHUTDOWN arrives, `mpv_terminate_destroy`; it first clears `handle` under the
/// lock so no other call can start or still be running.
final class MPVHandle: @unchecked Sendable {
    private let lock = NSLock()
    let library: MPVLibrary
    private var handle: OpaquePointer?
    private var eventThreadStarted = false
    private let destroyed = LockedValue(DestroyWaiters())
    private let requests = MPVRequests()
    private let outputPipe: PipeOutputHold?
    /// Where the software volume applies on the Snapcast recipe's pipe, if that is the output.
    let outputRelay: PCMRelay?
    private static let creationLock = NSLock()

    /// How long a call awaits the core, and a request may go unanswered before the core
    /// counts as stalled. A pipe to Snapcast keeps the core in `write` for a second or two
    /// at a time in normal play, so this is well above that.
    static let stallLimit: Duration = .seconds(5)

    /// Creates and initialises a handle with `options`, in order.
    init(options: [MPVOption]) throws(PlayerError) {
        let library = try MPVLibrary.shared.get()
        self.library = library
        // Before mpv opens the pipe for writing: see `PipeOutputHold`.
        outputPipe = PipeOutputHold(options: options)
        // After the hold: the relay writes into the listener's pipe, which needs a reader.
        let relay = PCMRelay(options: options)
        outputRelay = relay
        let options = relay?.redirecting(options) ?? options
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
            relay?.stop()
            throw error
        }
    }

    deinit {
        // Reached with a live handle only when the event thread never ran: it holds `self`.
        if let handle { library.terminateDestroy(handle) }
        outputRelay?.stop()
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

    /// Asks for a HOOK event each time mpv reaches the hook `name` (`on_load_fail`, …): mpv
    /// waits there, still taking requests, until `continueHook` is called with the event's id.
    func addHook(_ name: String) throws(PlayerError) {
        try withHandle("mpv_hook_add(\(name))") { (handle) throws(PlayerError) in
            try check(library.hookAdd(handle, 0, name, 0), "mpv_hook_add(\(name))")
        }
    }

    /// Lets mpv go on from the hook whose event carried `id`. Nothing once mpv is gone.
    func continueHook(_ id: UInt64) {
        try? withHandle("mpv_hook_continue") { handle in _ = library.hookContinue(handle, id) }
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
        NamedThread.start("cdwally-mpv-events") { self.runEventLoop(handler) }
    }

    private func runEventLoop(_ handler: @Sendable (MPVEvent) -> Void) {
        // Only this thread clears `handle` once the loop has started, so it stays valid here.
        guard let raw = lock.withLock({ handle }) else { return }
        // A timed wait, so the stall watch runs while the core says nothing.
        while let event = library.waitEvent(raw, 0.5)?.pointee {
            if event.event_id == MPV_EVENT_SHUTDOWN { break }
            switch event.event_id {
            case MPV_EVENT_COMMAND_REPLY, MPV_EVENT_GET_PROPERTY_REPLY, MPV_EVENT_SET_PROPERTY_REPLY:
                let reply = MPVReply(copying: event)
                let (receiver, endedStall) = requests.complete(event.reply_userdata, with: reply)
                if endedStall { handler(.coreAnswering) }
                if case .handler = receiver { handler(.reply(id: event.reply_userdata, reply)) }
            default:
                if let copied = MPVEvent(copying: event) { handler(copied) }
            }
            watchForStall(raw, handler)
        }
        lock.withLock { handle = nil }
        requests.failAll(with: MPVReply(status: MPV_ERROR_UNINITIALIZED.rawValue))
        library.terminateDestroy(raw)
        outputRelay?.stop()
        handler(.shutdown)
        let waiters = destroyed.withLock { state in
            state.isDestroyed = true
            defer { state.continuations.removeAll() }
            return state.continuations
        }
        for waiter in waiters.values { waiter.resume(returning: true) }
    }

    /// Reports a request unanswered past the limit, and keeps one probe out while nothing
    /// else is, so a stall shows even when no command is waiting.
    private func watchForStall(_ raw: OpaquePointer, _ handler: @Sendable (MPVEvent) -> Void) {
        let now = ContinuousClock.now
        if requests.stallBegan(now: now, limit: Self.stallLimit) { handler(.coreStalled) }
        guard let probe = requests.openProbe(now: now) else { return }
        if library.getPropertyAsync(raw, probe, "idle-active", MPV_FORMAT_FLAG) < 0 { requests.cancel(probe) }
    }

    /// What starting a call gave: mpv's reply (before the event thread runs, or a refusal to
    /// queue it), or the id of a request whose reply will come on `replies`.
    enum Exchange: Sendable {
        case replied(MPVReply)
        case awaiting(id: UInt64, replies: AsyncStream<MPVReply>)
    }

    /// Starts one call: `direct` before the event thread runs (set-up, short-lived handles),
    /// else `queued`, whose reply `reply(to:)` awaits. Throws `.outputStalled` at once while the
    /// core is stalled. Synchronous, so C arguments built for the call stay valid through it.
    func exchange(
        _ call: String, direct: (OpaquePointer) -> MPVReply, queued: (OpaquePointer, UInt64) -> Int32
    ) throws(PlayerError) -> Exchange {
        if requests.isStalled { throw PlayerError.outputStalled }
        return try withHandle(call) { handle in
            guard eventThreadStarted else { return .replied(direct(handle)) }
            let (replies, delivery) = AsyncStream.makeStream(of: MPVReply.self)
            let id = requests.open(
                for: .waiting { reply in
                    delivery.yield(reply)
                    delivery.finish()
                })
            let status = queued(handle, id)
            guard status >= 0 else {
                requests.cancel(id)
                return .replied(MPVReply(status: status))
            }
            return .awaiting(id: id, replies: replies)
        }
    }

    /// The reply a call started with `exchange` gets, awaited at most `stallLimit`; throws
    /// `.outputStalled` when the core stalls on it. Suspends; no thread waits.
    func reply(to exchange: Exchange) async throws(PlayerError) -> MPVReply {
        let (id, replies): (UInt64, AsyncStream<MPVReply>)
        switch exchange {
        case .replied(let reply): return reply
        case .awaiting(let awaited, let stream): (id, replies) = (awaited, stream)
        }
        let reply = await withTaskGroup(of: MPVReply?.self) { group in
            group.addTask { await replies.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: Self.stallLimit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let reply else {
            requests.gaveUp(on: id)
            throw PlayerError.outputStalled
        }
        return reply
    }

    /// Sends one request and returns its id at once, without waiting for the core: its reply
    /// comes to the event handler as `.reply(id:)`, in order with the events. mpv carries out
    /// requests in the order they were sent, though client.h does not promise it: where its
    /// code keeps it is in docs/PLATFORM-NOTES.md §1, "Request order". Throws `.outputStalled` at once while the core
    /// is stalled; needs the event thread.
    @discardableResult
    func post(_ call: String, _ queued: (OpaquePointer, UInt64) -> Int32) throws(PlayerError) -> UInt64 {
        if requests.isStalled { throw PlayerError.outputStalled }
        return try withHandle(call) { (handle) throws(PlayerError) in
            guard eventThreadStarted else {
                throw PlayerError.mpv(call: call, message: "posted before the event thread runs")
            }
            let id = requests.open(for: .handler)
            let status = queued(handle, id)
            if status < 0 { requests.cancel(id) }
            try check(status, call)
            return id
        }
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
            outputPipe?.drain { [destroyed] in !destroyed.current.isDestroyed }
        } else {
            handle = nil
            lock.unlock()
            library.terminateDestroy(raw)
            destroyed.withLock { $0.isDestroyed = true }
        }
    }

    /// Returns true once the handle is destroyed (after `quit`, or mpv quitting by itself),
    /// false when `limit` passed first: a core held by its output never ends.
    func waitUntilDestroyed(within limit: Duration) async -> Bool {
        let id = destroyed.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let alreadyDone = destroyed.withLock { state in
                if !state.isDestroyed { state.continuations[id] = continuation }
                return state.isDestroyed
            }
            if alreadyDone { return continuation.resume(returning: true) }
            Task { [destroyed] in
                try? await Task.sleep(for: limit)
                destroyed.withLock { $0.continuations.removeValue(forKey: id) }?.resume(returning: false)
            }
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
    var nextID = 0
    var continuations: [Int: CheckedContinuation<Bool, Never>] = [:]
}
