import CDWallyCore
import CDWallyQuickClient
import CDWallySystem
import Dispatch
import Foundation
import Glibc
import Logging

/// The player's end of the control socket: `cdwally pause`, `cdwally status` and friends
/// connect here, and it is also what makes the player the only one of its user.
///
/// `start` claims the endpoint: it takes an exclusive `flock` on `control.lock` for the
/// server's life (so of two players starting at once exactly one wins), replaces a stale
/// socket left by a player that died without cleaning up (one nobody accepts on), and
/// binds a new one with mode 0600 in the 0700 folder. One thread accepts; each
/// connection gets a thread of its own, so a silent client cannot stall anyone. Only
/// processes of the same user are served (checked with SO_PEERCRED). Each request goes
/// to `handler`; its answer goes back on the same connection.
///
/// Sendable: every stored property is immutable; the threads own the rest.
public final class ControlServer: Sendable {
    /// Turns a request into an answer, handed to its second argument once known, from any
    /// thread (`ControlResponder.respond`: the player's reply). It must return at once.
    public typealias Handler =
        @Sendable (ControlRequest, _ answer: @escaping @Sendable (ControlResponse) -> Void) ->
        Void
    /// Feeds a `follow` connection's subscription: posts the status now and on every change,
    /// ends it when the player ends, stops at its `onCancel`. It must return at once.
    public typealias Follower = @Sendable (ControlSubscription) -> Void
    /// Reads the words of a `command-line` request: the request they make, and what the CLI
    /// prints for its answer; nil for words it does not take (answered `unknown-command`).
    public typealias Printer =
        @Sendable ([String]) -> (
            request: ControlRequest, print: @Sendable (ControlResponse) -> PrintedLines
        )?

    public let endpoint: ControlEndpoint
    private let acceptThread: PollThread

    private init(endpoint: ControlEndpoint, acceptThread: PollThread) {
        self.endpoint = endpoint
        self.acceptThread = acceptThread
    }

    /// Claims `endpoint` and starts serving.
    ///
    /// - Parameters:
    ///   - requestTimeout: how long a connection may go without sending a complete request
    ///     (or taking its answer) before the server hangs up.
    ///   - maximumConnections: connections served at once; more get a `busy` answer.
    ///   - follower: what a `follow` request subscribes to; without one, `follow` is answered
    ///     `unknown-command`, as a player older than it answers.
    ///   - printer: what a `command-line` request makes and prints; without one, such a request
    ///     is answered `unknown-command`.
    /// - Throws: `.alreadyRunning` with the running player's pid when it holds the
    ///   endpoint; `.unsafeDirectory` when the folder is not private to this user.
    public static func start(
        endpoint: ControlEndpoint, requestTimeout: Duration = ControlProtocol.defaultRequestTimeout,
        maximumConnections: Int = 32, logger: Logger = Logger(label: "cdwally.control"),
        follower: Follower? = nil, printer: Printer? = nil, handler: @escaping Handler
    ) throws(ControlError) -> ControlServer {
        try endpoint.prepareDirectory()
        let stopSignal: WakePipe
        do { stopSignal = try WakePipe() } catch {
            throw .systemCallFailed(call: "pipe", path: nil, message: error.reason)
        }
        let lock = try claimLock(of: endpoint)
        try removeStaleSocket(at: endpoint.socketPath)
        let (listener, identity) = try bind(endpoint.socketPath)

        let loop = ControlAcceptLoop(
            listener: listener, lock: lock, socketPath: endpoint.socketPath, identity: identity,
            stop: stopSignal,
            settings: ControlAcceptLoop.Settings(
                requestTimeout: requestTimeout, maximumConnections: max(1, maximumConnections)),
            handler: handler, follower: follower, printer: printer, logger: logger)
        let server = ControlServer(
            endpoint: endpoint,
            acceptThread: PollThread.start(name: "cdwally-control", stopSignal: stopSignal) { _ in loop.run()
            })
        logger.debug("control socket listening at \(endpoint.socketPath)")
        return server
    }

    deinit { stop() }

    /// Stops accepting, removes the socket (unless another server has replaced it) and
    /// releases the lock; returns once that is done. Idle connections close at once; a
    /// request already being handled still gets its answer. Safe to call more than once,
    /// and from the handler.
    public func stop() {
        acceptThread.stop()
    }

    /// Takes the single-instance lock. A holder that answers on the socket is a running
    /// player: refused at once, named by the kernel (SO_PEERCRED). A holder with no socket
    /// is a player starting or just ending (or a forked child that has not yet exec'd and
    /// so still shares the lock for a moment): it gets a short grace before the refusal,
    /// which then names the pid recorded in the lock file.
    private static func claimLock(of endpoint: ControlEndpoint) throws(ControlError) -> InstanceLock {
        let deadline = ContinuousClock.now + .seconds(1)
        while true {
            switch try InstanceLock.attempt(path: endpoint.lockPath) {
            case .acquired(let lock):
                return lock
            case .held(let recorded):
                if let peer = livePeer(at: endpoint.socketPath) {
                    throw .alreadyRunning(pid: peer.pid, socket: endpoint.socketPath)
                }
                if ContinuousClock.now >= deadline {
                    throw .alreadyRunning(pid: recorded, socket: endpoint.socketPath)
                }
                usleep(20_000)
            }
        }
    }

    /// Removes whatever sits at the socket's path when nobody accepts on it: a socket left
    /// by a killed player, or a plain file. Called with the lock held, so no other server
    /// of ours can be binding it meanwhile.
    private static func removeStaleSocket(at path: RawPath) throws(ControlError) {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else {
            let code = errno
            if code == ENOENT { return }
            throw ControlError.status(errno: code, call: "lstat", path: path)
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw .unsafeDirectory(path: path, reason: "a folder sits where the socket belongs")
        }
        // Something listening without holding the lock: not ours to take over.
        if let peer = livePeer(at: path) { throw .alreadyRunning(pid: peer.pid, socket: path) }
        if path.withCString({ unlink($0) }) != 0 && errno != ENOENT {
            let code = errno
            throw ControlError.status(errno: code, call: "unlink", path: path)
        }
    }

    /// The process listening at `path`, when one accepts a connection.
    private static func livePeer(at path: RawPath) -> UnixSocket.PeerCredentials? {
        guard let probe = try? UnixSocket.stream() else { return nil }
        defer { probe.close() }
        let timeout = Duration.seconds(1)
        do {
            try probe.connect(to: path, until: ContinuousClock.now + timeout, timeout: timeout)
        } catch {
            return nil
        }
        return probe.peerCredentials()
    }

    /// Binds and listens at `path` with mode 0600, and checks the result. The mode is set
    /// on the path after bind rather than with umask, which is process-wide and would race
    /// with other threads creating files; until then the 0700 folder keeps others out.
    private static func bind(_ path: RawPath) throws(ControlError) -> (
        UnixSocket, ControlAcceptLoop.SocketIdentity
    ) {
        let listener = try UnixSocket.stream()
        try listener.bind(to: path)
        do throws(ControlError) {
            try ControlError.check(path.withCString { chmod($0, 0o600) }, "chmod", path: path)
            var info = stat()
            try ControlError.check(path.withCString { lstat($0, &info) }, "lstat", path: path)
            guard info.st_mode & S_IFMT == S_IFSOCK, info.st_uid == geteuid(), info.st_mode & 0o777 == 0o600
            else {
                throw ControlError.unsafeDirectory(
                    path: path, reason: "the socket was changed by someone else right after it was made")
            }
            try listener.listen(backlog: 16)
            return (listener, ControlAcceptLoop.identity(of: info))
        } catch {
            _ = path.withCString { unlink($0) }
            throw error
        }
    }
}
