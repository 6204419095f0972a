import CDWallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock(2)` held until `release()` (or the process's end): taken without
/// waiting for the single-instance locks of the control socket and of the player, and the
/// claim on a state folder that only its holder may write; waited for around a short
/// read-modify-write of a shared file (`waitingFor`, the web access file).
///
/// A lock file is never removed: a process that opened it just before a removal would lock
/// an orphaned inode while a third one locked a new file, and both would win. The kernel
/// drops the lock when its holder dies, however it dies, so a killed holder leaves nothing
/// stale behind. The holder may write a small record into the file (its pid, where it
/// listens) for the processes that find the lock taken.
///
/// Threads: any; the descriptor sits behind a lock.
public final class FileLock: Sendable {
    /// What trying the lock gave.
    public enum Attempt: Sendable {
        case acquired(FileLock)
        /// Another process holds it; `record` is what it wrote into the file (maybe nothing yet).
        case held(record: [UInt8])
    }

    public let path: RawPath
    private let descriptor: LockedValue<Int32>

    private init(path: RawPath, descriptor: Int32) {
        self.path = path
        self.descriptor = LockedValue(descriptor)
    }

    /// Tries the lock on the file at `path` (created 0600 when missing; a symbolic link is
    /// refused), or on the folder itself when `folder` is true (nothing is created then).
    public static func attempt(_ path: RawPath, folder: Bool = false) throws(AtomicFile.Failure) -> Attempt {
        let flags = folder ? O_RDONLY | O_DIRECTORY | O_CLOEXEC : O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW
        let descriptor = path.withCString { open($0, flags, 0o600) }
        guard descriptor >= 0 else { throw AtomicFile.Failure(path: path, operation: "open", code: errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let record = folder ? [] : Self.read(descriptor)
            close(descriptor)
            if code == EWOULDBLOCK { return .held(record: record) }
            throw AtomicFile.Failure(path: path, operation: "lock", code: code)
        }
        return .acquired(FileLock(path: path, descriptor: descriptor))
    }

    /// Waits for the lock on the file at `path` (created 0600 when missing; a symbolic link is
    /// refused), or on the folder itself when `folder` is true: for a holder that keeps it only
    /// for a moment.
    public static func waitingFor(_ path: RawPath, folder: Bool = false) throws(AtomicFile.Failure)
        -> FileLock
    {
        let flags = folder ? O_RDONLY | O_DIRECTORY | O_CLOEXEC : O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW
        let descriptor = path.withCString { open($0, flags, 0o600) }
        guard descriptor >= 0 else { throw AtomicFile.Failure(path: path, operation: "open", code: errno) }
        while flock(descriptor, LOCK_EX) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            throw AtomicFile.Failure(path: path, operation: "lock", code: code)
        }
        return FileLock(path: path, descriptor: descriptor)
    }

    deinit { release() }

    /// Whether this process still holds the lock.
    public var isHeld: Bool { descriptor.current >= 0 }

    /// Replaces the file's record with `bytes`. Best effort: the lock is what counts, the
    /// record only helps the others find or name the holder.
    public func record(_ bytes: [UInt8]) {
        descriptor.withLock { descriptor in
            guard descriptor >= 0, ftruncate(descriptor, 0) == 0 else { return }
            _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, bytes.count, 0) }
        }
    }

    /// Unlocks (by closing); the file stays, with its record, for the next holder.
    public func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
        }
    }

    /// What the holder wrote, at most 4 KB.
    private static func read(_ descriptor: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer[..<count]) : []
    }
}
