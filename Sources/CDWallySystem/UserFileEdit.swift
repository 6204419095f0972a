import CDWallyCore
import CRenameAt2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Changes a file that is the user's and that other programs may write too: the CDs playlist,
/// which a text editor, Syncthing or another player's export may replace at any moment
/// (docs/PRODUCT.md §10).
///
/// One change at a time, under an exclusive `flock` on a lock file of cdwally's own (never the
/// file itself, whose inode the rename replaces). The file is read, the change made of its
/// bytes, the new bytes written to a temporary file beside it (fsynced, with the old file's mode
/// and owner) and put in its place, then the folder fsynced. If the file changed between the
/// read and the swap, nothing of this change lands: the file is read again and the change made
/// again from what the other writer left, so their change is never lost.
///
/// Where the file system has it, `renameat2(RENAME_EXCHANGE)` swaps the two names in one step
/// and the file swapped out is checked to be the one read: exact. Elsewhere (FUSE exFAT) the
/// file is stat'ed just before `rename`, which leaves a window of a few microseconds; and a
/// program that holds the old file open and writes it later writes into a file no name leads
/// to any more, on either path. A symbolic link is followed: its target is what changes.
///
/// Threads: any; blocking (file I/O, `fsync`, waiting for the lock).
public enum UserFileEdit {
    public enum Failure: Error, Sendable, Equatable {
        /// A FIFO, a folder, a device: never opened for reading, never replaced.
        case notAFile(RawPath, kind: String)
        case tooLarge(RawPath, size: Int64, limit: Int)
        /// No write permission on the file itself (or no write bit at all, which even root
        /// respects here, as `rm` asks before removing such a file).
        case fileNotWritable(RawPath)
        case fileNotReadable(RawPath, code: Int32)
        /// No file can be made in its folder.
        case folderNotWritable(RawPath, code: Int32)
        /// A write, fsync or rename failed: a full disk, an I/O error.
        case failed(AtomicFile.Failure)
        /// Another writer changed it under every one of the attempts.
        case keptChanging(RawPath)
    }

    public struct Outcome: Sendable {
        /// The file changed: the path given, or the target of a link.
        public var path: RawPath
        /// False when the change left the bytes as they were.
        public var written: Bool
        /// True when the file did not exist before.
        public var created: Bool
        /// How many times the change was made again because another writer came between.
        public var retries: Int
    }

    /// Replaces `path`'s bytes with what `change` makes of them (nil when the file does not
    /// exist); `change` returning nil writes nothing. It runs once per attempt, on the bytes
    /// as they are then, and may throw to abandon the edit with the file untouched.
    public static func apply(
        to path: RawPath, lock: RawPath, limit: Int, attempts: Int = 20,
        _ change: ([UInt8]?) throws -> [UInt8]?
    ) throws -> Outcome {
        let target = followed(path)
        try AtomicFile.makeDirectory(lock.parent)
        let held = try FileLock.waitingFor(lock)
        defer { held.release() }
        for attempt in 0..<attempts {
            let current = try readCurrent(target, limit: limit)
            guard let bytes = try change(current?.bytes) else {
                return Outcome(path: target, written: false, created: false, retries: attempt)
            }
            if let current, !isWritable(target, mode: current.mode) { throw Failure.fileNotWritable(target) }
            let temporary = try writeTemporary(bytes, beside: target, like: current)
            if try put(temporary, at: target, replacing: current) {
                AtomicFile.syncFolder(target.parent)
                return Outcome(path: target, written: true, created: current == nil, retries: attempt)
            }
        }
        throw Failure.keptChanging(target)
    }

    /// What was read, and what it was read from.
    private struct Current {
        var bytes: [UInt8]
        var status: FileStatus
        var mode: mode_t
        var owner: uid_t
        var group: gid_t
    }

    /// The file's bytes and status, or nil when it does not exist. Anything but a regular file
    /// is refused unread (opening a FIFO would wait for a writer).
    private static func readCurrent(_ path: RawPath, limit: Int) throws(Failure) -> Current? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ENXIO { throw .notAFile(path, kind: FileStatus.Kind.namedPipe.name) }
            throw .fileNotReadable(path, code: code)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .fileNotReadable(path, code: errno) }
        let status = FileStatus(info)
        guard status.kind == .regular else { throw .notAFile(path, kind: status.kind.name) }
        guard status.size <= Int64(limit) else { throw .tooLarge(path, size: status.size, limit: limit) }
        var bytes = [UInt8](repeating: 0, count: Int(status.size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                read(descriptor, $0.baseAddress! + filled, $0.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .fileNotReadable(path, code: errno) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return Current(
            bytes: bytes, status: status, mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)
    }

    private static func isWritable(_ path: RawPath, mode: mode_t) -> Bool {
        mode & 0o222 != 0 && path.withCString { access($0, W_OK) } == 0
    }

    /// The new bytes in a fresh file beside the target: the old file's mode and owner (the
    /// owner only where permitted), or the usual mode less the umask for a new file; fsynced.
    private static func writeTemporary(_ bytes: [UInt8], beside target: RawPath, like current: Current?)
        throws(Failure) -> RawPath
    {
        let folder = target.parent
        var descriptor: Int32 = -1
        var temporary = target
        for _ in 0..<100 where descriptor < 0 {
            let name =
                ".\(target.lastComponent.display).cdwally-\(getpid())-\(UInt32.random(in: .min ... .max))"
            temporary = folder.appending(name)
            descriptor = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
            if descriptor < 0 && (errno == ENOSPC || errno == EDQUOT) {
                throw .failed(AtomicFile.Failure(path: folder, operation: "create a file in", code: ENOSPC))
            }
            if descriptor < 0 && errno != EEXIST { throw .folderNotWritable(folder, code: errno) }
        }
        guard descriptor >= 0 else { throw .folderNotWritable(folder, code: EEXIST) }
        var failure: AtomicFile.Failure?
        if let current {
            if fchmod(descriptor, current.mode) != 0 {
                failure = AtomicFile.Failure(path: target, operation: "write", code: errno)
            }
            // Only root may give a file away; anyone else writes a file that was theirs already.
            _ = fchown(descriptor, current.owner, current.group)
        }
        if failure == nil {
            failure = bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: descriptor, path: target) }
        }
        if failure == nil && fsync(descriptor) != 0 {
            failure = AtomicFile.Failure(path: target, operation: "write", code: errno)
        }
        if close(descriptor) != 0 && failure == nil {
            failure = AtomicFile.Failure(path: target, operation: "write", code: errno)
        }
        if let failure {
            unlinkQuietly(temporary)
            throw .failed(failure)
        }
        return temporary
    }

    /// Puts the temporary file at the target's path unless the target changed since it was
    /// read: true when it did, false (the temporary file gone) when the change must be made
    /// again.
    private static func put(_ temporary: RawPath, at target: RawPath, replacing current: Current?)
        throws(Failure) -> Bool
    {
        let code: Int32 =
            current == nil
            ? temporary.withCString { from in target.withCString { crenameat2_noreplace(from, $0) } }
            : temporary.withCString { from in target.withCString { crenameat2_exchange(from, $0) } }
        switch code {
        case 0:
            guard let current else { return true }
            // The temporary name now holds what was at the path: the file read, or another's.
            let swappedOut = FileStatus.of(temporary)
            if let swappedOut, isSameContent(swappedOut, current.status) {
                unlinkQuietly(temporary)
                return true
            }
            _ = temporary.withCString { from in target.withCString { crenameat2_exchange(from, $0) } }
            unlinkQuietly(temporary)
            return false
        case EEXIST:
            unlinkQuietly(temporary)
            return false
        case EINVAL, ENOSYS, ENOTSUP:
            // No renameat2 here: stat, compare, rename.
            let now = FileStatus.of(target)
            guard now == current?.status else {
                unlinkQuietly(temporary)
                return false
            }
            guard temporary.withCString({ from in target.withCString { rename(from, $0) } }) == 0 else {
                let code = errno
                unlinkQuietly(temporary)
                throw .failed(AtomicFile.Failure(path: target, operation: "replace", code: code))
            }
            return true
        default:
            unlinkQuietly(temporary)
            throw .failed(AtomicFile.Failure(path: target, operation: "replace", code: code))
        }
    }

    /// The same file with the same contents: a rename changes a file's ctime (the exchange
    /// just did), never its inode, size or mtime.
    private static func isSameContent(_ lhs: FileStatus, _ rhs: FileStatus) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified == rhs.modified
    }

    /// The path with a symbolic link resolved, so that the link stays and its target changes.
    private static func followed(_ path: RawPath) -> RawPath {
        guard case .found(_, isLink: true) = FileStatus.lookUp(path) else { return path }
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return RawPath(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    private static func unlinkQuietly(_ path: RawPath) {
        _ = path.withCString { unlink($0) }
    }
}
