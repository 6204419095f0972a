import CDWallyCore
import Glibc

extension ControlEndpoint {
    /// What the folder check found.
    enum DirectoryState {
        case missing
        case privateToUs
    }

    /// Creates the folder 0700 when it is missing (its parent must exist: a runtime
    /// directory is the session's to create), else checks that it is private to us.
    func prepareDirectory() throws(ControlError) {
        if directory.withCString({ mkdir($0, 0o700) }) == 0 {
            // mkdir applied the umask, which may have taken our own bits away.
            try ControlError.check(directory.withCString { chmod($0, 0o700) }, "chmod", path: directory)
        } else if errno != EEXIST {
            let code = errno
            throw ControlError.status(errno: code, call: "mkdir", path: directory)
        }
        if try checkDirectory() == .missing {
            throw ControlError.unsafeDirectory(path: directory, reason: "it vanished while being created")
        }
    }

    /// Checks, without changing anything, that the folder is a directory (not a link) of
    /// this user with no group or other permissions.
    func checkDirectory() throws(ControlError) -> DirectoryState {
        var info = stat()
        if directory.withCString({ lstat($0, &info) }) != 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            throw ControlError.status(errno: code, call: "lstat", path: directory)
        }
        if info.st_mode & S_IFMT != S_IFDIR {
            let kind = info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a directory"
            throw ControlError.unsafeDirectory(path: directory, reason: "it is \(kind)")
        }
        if info.st_uid != geteuid() {
            throw ControlError.unsafeDirectory(
                path: directory, reason: "it belongs to uid \(info.st_uid), not to you (uid \(geteuid()))")
        }
        if info.st_mode & 0o077 != 0 {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw ControlError.unsafeDirectory(
                path: directory, reason: "its mode is \(mode), not private (700)")
        }
        return .privateToUs
    }
}
