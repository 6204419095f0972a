import CDWallyCore
import CDWallySystem
import Glibc

/// One Unix stream socket: the only owner of its descriptor, which it closes on `close()`
/// or deinit. Always non-blocking and close-on-exec; waits go through `poll` with a
/// deadline and the server's stop signal, so no call here can hang a thread for good.
///
/// Not shared: used by one thread at a time (the server hands an accepted socket to its
/// connection's thread).
final class UnixSocket {
    /// How a wait ended.
    enum Readiness {
        case ready
        /// The stop signal fired.
        case stopped
        case timedOut
    }

    /// What a receive got.
    enum Received {
        case bytes([UInt8])
        /// The peer closed its end (or reset the connection).
        case end
        /// Nothing to read yet.
        case nothing
    }

    /// Who is at the other end, as the kernel recorded it at connect or listen time.
    struct PeerCredentials {
        let pid: Int32
        let uid: UInt32
    }

    private(set) var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    /// A new, unconnected stream socket.
    static func stream() throws(ControlError) -> UnixSocket {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let socket = UnixSocket(descriptor: try ControlError.check(Glibc.socket(AF_UNIX, type, 0), "socket"))
        try socket.makeNonBlocking()
        return socket
    }

    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    func bind(to path: RawPath) throws(ControlError) {
        var address = try Self.address(of: path)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try ControlError.check(result, "bind", path: path)
    }

    func listen(backlog: Int32) throws(ControlError) {
        try ControlError.check(Glibc.listen(descriptor, backlog), "listen")
    }

    /// A waiting connection, or nil when there is none (or it gave up before we took it).
    func accept() throws(ControlError) -> UnixSocket? {
        let accepted = Glibc.accept(descriptor, nil, nil)
        if accepted == -1 {
            switch errno {
            case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO: return nil
            default:
                let code = errno
                throw ControlError.status(errno: code, call: "accept", path: nil)
            }
        }
        // Glibc's module does not export accept4, so the flags are set right after.
        _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
        let socket = UnixSocket(descriptor: accepted)
        try socket.makeNonBlocking()
        return socket
    }

    /// Connects to `path`, retrying a full backlog (EAGAIN on a non-blocking Unix socket)
    /// until `deadline`. Nothing there, or nobody listening, is `.noPlayer`; `timeout` only
    /// names the wait in the error.
    func connect(
        to path: RawPath, until deadline: ContinuousClock.Instant, timeout: Duration
    ) throws(ControlError) {
        var address = try Self.address(of: path)
        while true {
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if result == 0 { return }
            let code = errno
            switch code {
            // A retry after EINTR can find the first attempt completed.
            case EISCONN: return
            case EAGAIN, EINTR:
                if ContinuousClock.now >= deadline { throw .timeout(socket: path, after: timeout) }
                usleep(10_000)
            // A plain file or a socket nobody listens on refuses; a vanished folder is ENOTDIR.
            case ENOENT, ECONNREFUSED, ENOTDIR: throw .noPlayer(socket: path)
            default: throw ControlError.status(errno: code, call: "connect", path: path)
            }
        }
    }

    /// SO_PEERCRED; nil when the kernel does not say.
    func peerCredentials() -> PeerCredentials? {
        // struct ucred is { pid_t pid; uid_t uid; gid_t gid; }: Glibc hides it behind
        // _GNU_SOURCE, so it is read as its three 32-bit fields.
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
            length == socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        else { return nil }
        return PeerCredentials(pid: credentials.0, uid: credentials.1)
    }

    /// Waits until the socket is readable (or writable, with `POLLOUT`), the stop signal
    /// fires, or `deadline` passes (nil: no deadline).
    func wait(
        for events: Int32, until deadline: ContinuousClock.Instant?, stop: WakePipe?
    ) -> Readiness {
        var descriptors = [pollfd(fd: descriptor, events: Int16(events), revents: 0)]
        switch PollThread.wait(&descriptors, until: deadline, stop: stop) {
        case .stopped: return .stopped
        case .timedOut: return .timedOut
        // An error or hang-up counts as ready, and so does a failed poll (only EFAULT, ENOMEM
        // or EINVAL, which no retry mends): the read or write that follows says what.
        case .ready, .failed: return .ready
        }
    }

    func receive(maximum: Int = 16_384) -> Received {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
            if count > 0 { return .bytes(Array(buffer[..<count])) }
            if count == 0 { return .end }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .nothing
            default: return .end
            }
        }
    }

    /// Sends every byte, waiting for room until `deadline` (nil: as long as the peer is
    /// there). False when the peer went away, the deadline passed or the stop signal fired first.
    func sendAll(_ bytes: [UInt8], until deadline: ContinuousClock.Instant?, stop: WakePipe?) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes {
                // MSG_NOSIGNAL: a peer that hung up must give EPIPE, not kill the process.
                send(descriptor, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                sent += count
                continue
            }
            let code = errno
            if count < 0 && code == EINTR { continue }
            guard count < 0, code == EAGAIN || code == EWOULDBLOCK else { return false }
            if wait(for: POLLOUT, until: deadline, stop: stop) != .ready { return false }
        }
        return true
    }

    /// Caps what the kernel holds for the peer at about `bytes` (it doubles the figure for
    /// its own bookkeeping). Best effort: the default only holds more.
    func limitSendBuffer(to bytes: Int32) {
        var size = bytes
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    private func makeNonBlocking() throws(ControlError) {
        let flags = try ControlError.check(fcntl(descriptor, F_GETFL), "fcntl(F_GETFL)")
        try ControlError.check(fcntl(descriptor, F_SETFL, flags | O_NONBLOCK), "fcntl(F_SETFL)")
    }

    static func address(of path: RawPath) throws(ControlError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        // One byte stays for the terminating NUL.
        guard !path.bytes.isEmpty, path.bytes.count < capacity, !path.bytes.contains(0) else {
            throw .socketPathTooLong(path)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.bytes)
        }
        return address
    }
}
