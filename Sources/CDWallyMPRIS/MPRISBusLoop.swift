import CDWallyCore
import CDWallySystem
import CMPRIS
import Glibc
import Logging

/// The MPRIS bus thread's work: the only code that touches the sd-bus connection once
/// the server runs.
///
/// It waits in poll(2) on the bus socket and the mailbox's eventfd, lets sd-bus dispatch
/// incoming calls (which reach `MPRISObject`), applies posted state updates, and sends
/// PropertiesChanged for what changed, at most once per `signalInterval` so that a burst
/// of updates makes one signal. Seeked goes out at once, after any pending
/// PropertiesChanged, so a client learns of a new track before the jump within it.
///
/// Created on the thread that builds the server, then owned by the bus thread: `run()`
/// is its only entry point once the thread starts (hence `@unchecked Sendable`, for the
/// hand-over alone).
final class MPRISBusLoop: @unchecked Sendable {
    private let connection: MPRISBusConnection
    private let object: MPRISObject
    private let mailbox: MPRISMailbox
    private let logger: Logger
    private let signalInterval: UInt64
    /// The state clients last heard of through PropertiesChanged.
    private var signalled: MPRISState
    private var lastSignal: UInt64 = 0
    /// When pending changes are due, in CLOCK_MONOTONIC microseconds; nil when none.
    private var signalDue: UInt64?

    init(
        connection: MPRISBusConnection, object: MPRISObject, mailbox: MPRISMailbox,
        signalInterval: Duration, logger: Logger
    ) {
        self.connection = connection
        self.object = object
        self.mailbox = mailbox
        self.logger = logger
        self.signalInterval = signalInterval.microseconds
        self.signalled = object.state
    }

    /// Serves the bus until `stop()` is requested or the bus goes away, then closes the
    /// connection (releasing the name) and the mailbox.
    func run(_ thread: PollThread) {
        defer {
            connection.close()
            mailbox.close()
        }
        do throws(MPRISError) {
            while try serveOnce(thread) {}
            logger.debug("MPRIS server stopped")
        } catch {
            logger.warning("\(error)")
        }
    }

    /// One round: dispatch what the bus has, apply what was posted, wait for more.
    /// False when asked to stop.
    private func serveOnce(_ thread: PollThread) throws(MPRISError) -> Bool {
        while try connection.process() {}
        let (requests, stop) = mailbox.take()
        for request in requests {
            switch request {
            case .update(let state): apply(state)
            case .seeked(let position):
                try sendPropertiesChanged()
                try connection.emitSeeked(positionMicroseconds: position)
            case .reply(let call, let error):
                // The client may have gone meanwhile; that is its loss, not the server's.
                let status = call.answer(error: error)
                if status < 0 { logger.debug("MPRIS: a reply could not be sent (\(-status))") }
            }
        }
        // Only now: replies taken with the stop request still go out.
        if stop { return false }
        if let signalDue, signalDue <= Self.now() { try sendPropertiesChanged() }
        try waitForWork(thread)
        return true
    }

    private func apply(_ state: MPRISState) {
        object.state = state
        guard signalDue == nil, !state.changedProperties(since: signalled).isEmpty else { return }
        signalDue = max(Self.now(), lastSignal + signalInterval)
    }

    private func sendPropertiesChanged() throws(MPRISError) {
        signalDue = nil
        let changed = object.state.changedProperties(since: signalled)
        guard !changed.isEmpty else { return }
        let mask = changed.reduce(UInt64(0)) { $0 | (1 << UInt64($1.rawValue)) }
        try connection.emitPropertiesChanged(mask: mask)
        signalled = object.state
        lastSignal = Self.now()
    }

    /// A stop signal needs nothing here: `stop()` sets the mailbox's flag first, which the
    /// next round reads.
    private func waitForWork(_ thread: PollThread) throws(MPRISError) {
        var descriptors = [
            pollfd(fd: connection.fileDescriptor, events: try connection.pollEvents(), revents: 0),
            pollfd(fd: mailbox.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let due = [try connection.deadline(), signalDue].compactMap { $0 }.min()
        let now = Self.now()
        let deadline = due.map {
            ContinuousClock.now + .microseconds(Int64(clamping: $0) - Int64(clamping: now))
        }
        if case .failed(let code) = thread.wait(&descriptors, until: deadline) {
            try MPRISError.check(-code, "poll")
        }
        if descriptors[1].revents & Int16(POLLIN) != 0 { mailbox.clearWakeup() }
    }

    /// CLOCK_MONOTONIC in microseconds: the clock sd_bus_get_timeout answers in.
    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000
    }
}
