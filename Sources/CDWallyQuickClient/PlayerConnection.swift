import Glibc

/// A connection to this user's running player, made only where the full program would make
/// it without a word to say: `$XDG_RUNTIME_DIR/cdwally/control.sock`, then
/// `/tmp/cdwally-<uid>/control.sock`, each in a folder that is ours alone, to a player that is
/// not stopped. Anything else (no player, a folder to refuse, a suspended player, a player
/// recorded elsewhere) is left to the full program, which finds it and says what it found.
public struct PlayerConnection: ~Copyable {
    private let descriptor: Int32
    private let socketPath: String
    /// The longest wait for the answer, the full program's: a command that starts playback
    /// answers once mpv confirmed it, which the player bounds at 10 s.
    private static let answerSeconds: Int32 = 15

    deinit { close(descriptor) }

    public static func connect() -> PlayerConnection? {
        for folder in folders() where isPrivate(folder) {
            if let connection = connect(to: folder + "/control.sock") { return connection }
        }
        return nil
    }

    /// Where a player listens, as the full program looks (`ControlEndpoint.forCurrentUser`).
    private static func folders() -> [String] {
        let fallback = "/tmp/cdwally-\(geteuid())"
        guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), runtime.hasPrefix("/")
        else { return [fallback] }
        return [runtime + "/cdwally", fallback]
    }

    /// A real folder of this user's with no group or other permissions.
    private static func isPrivate(_ folder: String) -> Bool {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFDIR && info.st_uid == geteuid() && info.st_mode & 0o077 == 0
    }

    private static func connect(to path: String) -> PlayerConnection? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        let connection = PlayerConnection(descriptor: descriptor, socketPath: path)
        // A player stopped with a full backlog would hold `connect` and `send` for ever: at most
        // the answer's wait each, as the full program's client.
        var limit = timeval(tv_sec: Int(answerSeconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0, !connection.peerIsStopped() else { return nil }
        return connection
    }

    /// Whether the player is stopped by a signal: it would answer only after `fg`, and the
    /// full program says so instead of waiting.
    private func peerIsStopped() -> Bool {
        // struct ucred (pid, uid, gid), which Glibc hides behind _GNU_SOURCE.
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return true }
        guard let stat = Self.contents(of: "/proc/\(credentials.0)/stat"),
            let end = stat.lastIndex(of: UInt8(ascii: ")"))
        else { return true }
        // "PID (COMM) STATE …": the state follows the last ")" and a space.
        return stat[(end + 1)...].first(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: "T")
    }

    private static func contents(of path: String) -> [UInt8]? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[..<count]) : nil
    }

    /// Sends `request` and reads its answer. Nil when the player did not carry it out (it
    /// could not be sent, or the answer says the words are not the player's): then the full
    /// program does it. Once it may have been carried out, the answer is this command's, even a
    /// silence or nonsense, as the full program's would be.
    public consuming func ask(_ request: QuickRequest) -> PrintedLines? {
        guard send(request.line) else { return nil }
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var waitFor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        deadline.tv_sec += Int(Self.answerSeconds)
        while true {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = (deadline.tv_sec - now.tv_sec) * 1000 + (deadline.tv_nsec - now.tv_nsec) / 1_000_000
            if left <= 0 {
                return .failure(
                    "the player at \(socketPath) did not answer within \(Self.answerSeconds) s; it may be "
                        + "stuck: try again, or restart it", exitStatus: PrintedLines.temporaryFailure)
            }
            let ready = poll(&waitFor, 1, Int32(left))
            if ready < 0 && errno != EINTR { break }
            if ready <= 0 { continue }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { break }
            line += chunk[..<count]
            // A status is a few hundred bytes; the limit only stops a runaway peer.
            if line.count > 1 << 24 { return Self.nonsense("an answer line is longer than \(1 << 24) bytes") }
            if let end = line.firstIndex(of: UInt8(ascii: "\n")) {
                switch QuickAnswer(line: Array(line[..<end])) {
                case .print(let printed): return printed
                case .handOver: return nil
                case .nonsense: return Self.nonsense("the answer is not one this cdwally reads")
                }
            }
        }
        return Self.nonsense("the player closed the connection without an answer")
    }

    /// The full program's words for an answer it cannot read (`ControlError.protocolError`).
    private static func nonsense(_ reason: String) -> PrintedLines {
        .failure(
            "the player's answer made no sense (\(reason)); is the running player another cdwally version? "
                + "restart it", exitStatus: PrintedLines.protocolError)
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            rest = rest.dropFirst(count)
        }
        return true
    }
}
