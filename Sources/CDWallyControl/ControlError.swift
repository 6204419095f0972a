import CDWallyCore

/// What can go wrong reaching the running player over its control socket, or starting
/// the socket's server; each case carries what its one-line message needs.
public enum ControlError: Error, Hashable, CustomStringConvertible {
    /// No player listens: no socket (or no folder), or a stale one nobody accepts on.
    /// The CLI exits 3 with a hint on how to start a player.
    case noPlayer(socket: RawPath)
    /// The socket or its folder refuses this user.
    case permissionDenied(path: RawPath)
    /// The player did not answer within the time given.
    case timeout(socket: RawPath, after: Duration)
    /// The other end spoke something that is not this protocol, or hung up mid-answer.
    case protocolError(reason: String)
    /// The player's process is stopped (Ctrl-Z in its terminal): it would answer only once
    /// continued, so the request is not sent at all.
    case playerSuspended(pid: Int32)
    /// Another player holds the socket; `pid` is its process when it could be learnt.
    case alreadyRunning(pid: Int32?, socket: RawPath)
    /// The socket's folder is not a private folder of this user: someone else may have
    /// created it, so it is neither used nor changed.
    case unsafeDirectory(path: RawPath, reason: String)
    /// The socket's path does not fit in a Unix socket address (108 bytes).
    case socketPathTooLong(RawPath)
    /// Any other failed system call, with the C library's message.
    case systemCallFailed(call: String, path: RawPath?, message: String)

    public var description: String {
        switch self {
        case .noPlayer(let socket):
            return "no cdwally player is running (nothing listens on \(socket)); start one with "
                + "`cdwally play` or `cdwally serve`"
        case .permissionDenied(let path):
            return "no permission to use \(path); the player belongs to another user, or the folder's "
                + "permissions are wrong"
        case .timeout(let socket, let after):
            return "the player at \(socket) did not answer within \(Self.seconds(after)); it may be "
                + "stuck: try again, or restart it"
        case .playerSuspended(let pid):
            return "the player is suspended (Ctrl-Z in its terminal, pid \(pid)); bring it back with `fg` "
                + "there, or `kill -CONT \(pid)`"
        case .protocolError(let reason):
            return "the player's answer made no sense (\(reason)); is the running player another "
                + "cdwally version? restart it"
        case .alreadyRunning(let pid, let socket):
            let who = pid.map { "pid \($0)" } ?? "its pid unknown"
            return "a cdwally player is already running (\(who), socket \(socket)); control it with "
                + "`cdwally pause|next|status…`, or stop it with `cdwally quit`"
        case .unsafeDirectory(let path, let reason):
            return "refusing to use \(path): \(reason); remove it (or fix it) if you know where it "
                + "comes from"
        case .socketPathTooLong(let path):
            return "the control socket path \(path) is longer than a Unix socket allows "
                + "(107 bytes); set XDG_RUNTIME_DIR to a shorter folder"
        case .systemCallFailed(let call, let path, let message):
            let target = path.map { " on \($0)" } ?? ""
            return "control socket: \(call) failed\(target): \(message)"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = attoseconds / 100_000_000_000_000_000
        return tenths == 0 ? "\(seconds) s" : "\(seconds).\(tenths) s"
    }
}
