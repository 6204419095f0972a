import CDWallyCore
import CDWallySystem
import Foundation
import Glibc
import Logging

/// The control server's accept thread: waits in poll on the listening socket and the stop
/// signal, checks who connected, and starts a thread per connection. When the stop
/// signal fires it removes the socket (if it is still ours), closes it and releases the
/// single-instance lock, in that order, so the next server never finds our leftovers.
///
/// Created by `ControlServer.start`, then owned by the accept thread: `run()` is its only
/// entry point once the thread starts (hence `@unchecked Sendable`, for the hand-over).
/// Connection threads touch nothing of it but `activeConnections`, behind its mutex.
final class ControlAcceptLoop: @unchecked Sendable {
    struct Settings {
        var requestTimeout: Duration
        var maximumConnections: Int
    }

    /// The socket file as bound: removing it at the end must not remove a successor's.
    struct SocketIdentity: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    private let listener: UnixSocket
    private let lock: InstanceLock
    private let socketPath: RawPath
    private let identity: SocketIdentity
    private let stop: WakePipe
    private let settings: Settings
    private let handler: ControlServer.Handler
    private let follower: ControlServer.Follower?
    private let printer: ControlServer.Printer?
    private let logger: Logger
    private let activeConnections = LockedValue(0)

    init(
        listener: UnixSocket, lock: InstanceLock, socketPath: RawPath, identity: SocketIdentity,
        stop: WakePipe, settings: Settings, handler: @escaping ControlServer.Handler,
        follower: ControlServer.Follower?, printer: ControlServer.Printer?, logger: Logger
    ) {
        self.listener = listener
        self.lock = lock
        self.socketPath = socketPath
        self.identity = identity
        self.stop = stop
        self.settings = settings
        self.handler = handler
        self.follower = follower
        self.printer = printer
        self.logger = logger
    }

    func run() {
        defer { cleanUp() }
        while listener.wait(for: POLLIN, until: nil, stop: stop) == .ready {
            do {
                while let connection = try listener.accept() { admit(connection) }
            } catch {
                // EMFILE and the like: the listener stays readable, so pause instead of spinning.
                logger.error("\(error)")
                usleep(100_000)
            }
        }
    }

    private func admit(_ connection: UnixSocket) {
        let peer = connection.peerCredentials()
        guard let peer, peer.uid == geteuid() else {
            let who = peer.map { "uid \($0.uid), pid \($0.pid)" } ?? "an unknown peer"
            logger.warning(
                "control: refused a connection from \(who): only uid \(geteuid()) may control this player")
            connection.close()
            return
        }
        let admitted = activeConnections.withLock { count in
            guard count < settings.maximumConnections else { return false }
            count += 1
            return true
        }
        guard admitted else {
            return refuse(
                connection,
                "the player has \(settings.maximumConnections) control connections open; try again")
        }
        // The pipe the player's reply wakes the connection's thread with.
        guard let answerReady = try? WakePipe() else {
            activeConnections.withLock { $0 -= 1 }
            return refuse(connection, "the player is out of file descriptors; try again")
        }
        let served = ControlConnection(
            socket: connection, stop: stop, answerReady: answerReady, requestTimeout: settings.requestTimeout,
            handler: handler, follower: follower, printer: printer, logger: logger)
        // Never stopped on its own: the server's stop signal, shared, ends every connection.
        _ = PollThread.start(name: "cdwally-control-client", stopSignal: stop) { [self] _ in
            served.run()
            activeConnections.withLock { $0 -= 1 }
        }
    }

    /// Answers `busy` with `message` and hangs up.
    private func refuse(_ connection: UnixSocket, _ message: String) {
        let busy = ControlResponse.failure(ControlFailure(code: .busy, message: message))
        _ = connection.sendAll(
            ControlProtocol.line(busy.json), until: ContinuousClock.now + .seconds(1), stop: stop)
        connection.close()
    }

    private func cleanUp() {
        var info = stat()
        let current = socketPath.withCString { lstat($0, &info) } == 0 ? Self.identity(of: info) : nil
        if current == identity {
            _ = socketPath.withCString { unlink($0) }
        }
        listener.close()
        lock.release()
    }

    static func identity(of info: stat) -> SocketIdentity {
        SocketIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
