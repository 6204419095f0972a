import CDWallyCore
import Glibc

/// Where the control socket of this user's player lives: `control.sock` and its
/// single-instance lock `control.lock` in a private folder.
///
/// The folder is `$XDG_RUNTIME_DIR/cdwally`; without a runtime directory,
/// `/tmp/cdwally-<uid>`. Either way it must be a real folder (not a link) owned by this
/// user with no group or other permissions: in a shared /tmp someone else could have made
/// it first, so a folder that fails the check is refused, never "fixed".
public struct ControlEndpoint: Sendable, Hashable {
    /// The private folder holding the socket and the lock.
    public let directory: RawPath

    /// An endpoint in an explicit folder (tests use temporary ones).
    public init(directory: RawPath) {
        self.directory = directory
    }

    /// This user's endpoint: in `runtimeDirectory` (the value of `XDG_RUNTIME_DIR`, which
    /// the caller reads) when it is an absolute path, else in `temporaryDirectory`.
    public static func forCurrentUser(
        runtimeDirectory: String?, temporaryDirectory: RawPath = RawPath("/tmp")
    ) -> ControlEndpoint {
        // The XDG spec says to ignore a relative XDG_RUNTIME_DIR, and an empty one is unset.
        if let runtimeDirectory, runtimeDirectory.hasPrefix("/") {
            return ControlEndpoint(directory: RawPath(runtimeDirectory).appending("cdwally"))
        }
        return ControlEndpoint(directory: temporaryDirectory.appending("cdwally-\(geteuid())"))
    }

    public var socketPath: RawPath { directory.appending("control.sock") }
    /// Held with `flock` for the life of a server; it also records the server's pid.
    public var lockPath: RawPath { directory.appending("control.lock") }
}
