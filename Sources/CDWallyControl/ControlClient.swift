import CDWallyCore
import CDWallySystem
import Foundation
import Glibc

/// The other end of the control socket: how `cdwally pause`, `status`, `play N` (with a
/// player running) and friends reach the player.
///
/// One client is one connection; it may carry any number of requests, answered in order.
/// For a single request, `ControlClient.send(_:endpoint:timeout:)` connects, asks and
/// hangs up.
///
/// Calls block the calling thread (for at most `timeout` each). In a process that also
/// runs a `ControlServer`, call them off the concurrency pool, which the server's handler
/// needs; a CLI command talking to another process's player may call them anywhere.
///
/// Not shared: one thread at a time uses a client.
public final class ControlClient {
    public let endpoint: ControlEndpoint
    /// The longest wait for the connection and then for each answer. Commands that start
    /// playback answer once mpv confirmed them, which the player bounds at 10 s.
    public let timeout: Duration
    private let socket: UnixSocket
    /// Answers carry a status of a few hundred bytes; the limit only stops a runaway peer.
    private var lines = LineBuffer(limit: 1 << 24)
    /// Lines received but not yet returned.
    private var queued: [LineBuffer.Item] = []

    /// Connects to the player at `endpoint`.
    ///
    /// - Throws: `.noPlayer` when nothing listens there (no folder, no socket, a stale
    ///   socket); `.permissionDenied`; `.unsafeDirectory` when the folder is not private
    ///   to this user (then it is not trusted with our requests).
    public init(endpoint: ControlEndpoint, timeout: Duration = .seconds(15)) throws(ControlError) {
        self.endpoint = endpoint
        self.timeout = timeout
        if try endpoint.checkDirectory() == .missing { throw .noPlayer(socket: endpoint.socketPath) }
        socket = try UnixSocket.stream()
        try socket.connect(to: endpoint.socketPath, until: ContinuousClock.now + timeout, timeout: timeout)
        // The kernel accepts for a stopped process too; its answer would come only after `fg`,
        // and the command would be carried out then. Say so now, and send nothing.
        if let pid = socket.peerCredentials()?.pid, Self.isStopped(pid) {
            socket.close()
            throw .playerSuspended(pid: pid)
        }
    }

    /// Whether process `pid` is stopped by a signal (state T in /proc/PID/stat).
    static func isStopped(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        // "PID (COMM) STATE …": the name may hold spaces and parentheses; the state follows the last ")".
        return stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).first == "T"
    }

    deinit { socket.close() }

    /// Connects, sends `request`, returns the answer and hangs up.
    public static func send(
        _ request: ControlRequest, endpoint: ControlEndpoint, timeout: Duration = .seconds(15)
    ) throws(ControlError) -> ControlResponse {
        try ControlClient(endpoint: endpoint, timeout: timeout).send(request)
    }

    /// Sends `request` and waits for its answer. An error answer (`.failure`) is a
    /// response, not a thrown error: the player understood and said no.
    public func send(_ request: ControlRequest) throws(ControlError) -> ControlResponse {
        try ControlResponse(line: exchange(ControlProtocol.line(request.json)))
    }

    /// Writes raw bytes and reads the next answer line; tests use it to speak broken protocol.
    func exchange(_ bytes: [UInt8]) throws(ControlError) -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        let sent = socket.sendAll(bytes, until: deadline, stop: nil)
        if !sent && ContinuousClock.now >= deadline {
            throw .timeout(socket: endpoint.socketPath, after: timeout)
        }
        // A player that hung up may still have left an answer (a `busy` one) to read.
        return try readLine(until: deadline)
    }

    /// What a follower's wait brought.
    enum FollowedLine {
        case line([UInt8])
        case playerGone
        case outputGone
    }

    /// The next line of a follow, waiting as long as it takes, while watching `output` for an
    /// error or hang-up (poll reports those whatever events are asked for).
    func nextLine(watching output: Int32?) throws(ControlError) -> FollowedLine {
        while true {
            if !queued.isEmpty {
                guard case .line(let line) = queued.removeFirst() else {
                    throw .protocolError(reason: "a status line is longer than \(lines.limit) bytes")
                }
                return .line(line)
            }
            var descriptors = [pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)]
            if let output { descriptors.append(pollfd(fd: output, events: 0, revents: 0)) }
            _ = PollThread.wait(&descriptors, until: nil, stop: nil)
            if descriptors.count > 1, descriptors[1].revents != 0 { return .outputGone }
            if descriptors[0].revents == 0 { continue }
            switch socket.receive() {
            case .nothing: continue
            case .end: return .playerGone
            case .bytes(let bytes): queued += lines.append(bytes)
            }
        }
    }

    /// The next answer line.
    func readLine(until deadline: ContinuousClock.Instant) throws(ControlError) -> [UInt8] {
        while true {
            if !queued.isEmpty {
                guard case .line(let line) = queued.removeFirst() else {
                    throw .protocolError(reason: "an answer line is longer than \(lines.limit) bytes")
                }
                return line
            }
            if socket.wait(for: POLLIN, until: deadline, stop: nil) == .timedOut {
                throw .timeout(socket: endpoint.socketPath, after: timeout)
            }
            switch socket.receive() {
            case .nothing: continue
            case .end: throw .protocolError(reason: "the player closed the connection without an answer")
            case .bytes(let bytes): queued += lines.append(bytes)
            }
        }
    }
}
