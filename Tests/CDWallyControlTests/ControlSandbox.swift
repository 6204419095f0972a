import CDWallyCore
import Foundation
import Glibc
import TestSupport

@testable import CDWallyControl

/// A unique temporary folder standing in for `$XDG_RUNTIME_DIR`, removed on deinit. The
/// folder itself is searchable by everyone (0755), so a client run as another user reaches
/// the private `cdwally` folder inside it and is stopped there, as on a real system.
final class ControlSandbox {
    private let folder: TemporaryDirectory
    let endpoint: ControlEndpoint

    var root: RawPath { folder.path }

    init() throws {
        folder = try TemporaryDirectory(prefix: "cdwally-control")
        endpoint = ControlEndpoint.forCurrentUser(runtimeDirectory: folder.path.display)
    }

    deinit {
        // A test may have handed the folder to another user or locked it down; take it back
        // so that the temporary directory can remove it.
        _ = endpoint.directory.withCString { chown($0, geteuid(), getegid()) }
        _ = endpoint.directory.withCString { chmod($0, 0o700) }
    }

    var url: URL { URL(fileURLWithPath: root.display) }

    /// The mode bits and owner of `path` (not following a link); nil when it is missing.
    static func attributes(of path: RawPath) -> (mode: mode_t, uid: uid_t, isSocket: Bool)? {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return nil }
        return (info.st_mode & 0o7777, info.st_uid, info.st_mode & S_IFMT == S_IFSOCK)
    }

    /// Leaves a socket file nobody listens on, as a player killed with SIGKILL does.
    func leaveStaleSocket() throws {
        if endpoint.directory.withCString({ mkdir($0, 0o700) }) != 0 && errno != EEXIST {
            throw TestFailure("cannot create \(endpoint.directory)")
        }
        let socket = try UnixSocket.stream()
        try socket.bind(to: endpoint.socketPath)
        try socket.listen(backlog: 1)
        socket.close()
    }
}
