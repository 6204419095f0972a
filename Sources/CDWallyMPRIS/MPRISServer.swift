import CDWallySystem
import Dispatch
import Foundation
import Logging

/// cdwally on the D-Bus session bus as an MPRIS 2 media player, so desktop media keys,
/// playerctl and desktop widgets can see and control it.
///
/// The server owns one thread, the only one that touches its sd-bus connection (sd-bus is
/// not thread-safe). Other threads talk to it through a mailbox: `update(_:)` and
/// `seeked(positionMicroseconds:)` return at once, and the bus thread sends the signals.
/// Client commands reach the delegate on the bus thread.
///
/// `Sendable`: its own stored properties are immutable; the mailbox is thread-safe.
public final class MPRISServer: Sendable {
    /// The bus name claimed: `org.mpris.MediaPlayer2.cdwally`, or
    /// `org.mpris.MediaPlayer2.cdwally.instance<pid>` when another player had it.
    public let busName: String
    private let mailbox: MPRISMailbox
    private let busThread: PollThread

    /// Connects, exports `/org/mpris/MediaPlayer2`, claims the bus name and starts the bus
    /// thread.
    ///
    /// - Parameters:
    ///   - busAddress: a D-Bus address (tests run a private bus); nil for the session bus.
    ///   - state: what clients see until the first `update(_:)`.
    /// - Throws: `MPRISError.noSessionBus` when there is no session bus to join; cdwally
    ///   then runs without MPRIS.
    public init(
        delegate: any MPRISDelegate, options: MPRISOptions = MPRISOptions(), busAddress: String? = nil,
        state: MPRISState = MPRISState(), logger: Logger = Logger(label: "cdwally.mpris")
    ) throws(MPRISError) {
        mailbox = try MPRISMailbox()
        let connection = try MPRISBusConnection(address: busAddress)
        let object = MPRISObject(state: state, options: options, delegate: delegate, mailbox: mailbox)
        do throws(MPRISError) {
            // The object answers before the name appears: clients call GetAll as soon as
            // they see the name.
            try connection.export(handlers: object.handlers, withDesktopEntry: options.desktopEntry != nil)
            busName = try connection.requestName("org.mpris.MediaPlayer2.\(options.playerName)")
        } catch {
            connection.close()  // while `object`, which the vtables point to, is alive
            throw error
        }
        let loop = MPRISBusLoop(
            connection: connection, object: object, mailbox: mailbox,
            signalInterval: options.signalInterval, logger: logger)
        logger.debug("MPRIS server on the bus as \(busName)")

        let stopSignal: WakePipe
        do { stopSignal = try WakePipe() } catch {
            connection.close()
            throw .callFailed(call: "pipe", errno: error.code)
        }
        busThread = PollThread.start(name: "cdwally-mpris", stopSignal: stopSignal) { thread in
            loop.run(thread)
        }
    }

    deinit { stop() }

    /// Publishes the player's state; PropertiesChanged follows for what changed.
    public func update(_ state: MPRISState) {
        mailbox.post(.update(state))
    }

    /// Tells clients the position jumped (a seek, a resume on a new track): the Seeked
    /// signal. Not needed when playback just moves on.
    public func seeked(positionMicroseconds: Int64) {
        mailbox.post(.seeked(positionMicroseconds: positionMicroseconds))
    }

    /// Releases the bus name and closes the connection, waiting for the bus thread to
    /// finish unless called from it (from a delegate callback; then it finishes right after
    /// the callback returns). Later calls do nothing.
    public func stop() {
        mailbox.requestStop()
        busThread.stop()
    }
}
