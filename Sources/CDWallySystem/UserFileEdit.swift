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
/// One change at a time, under an exclusive `flock` on the file's folder (never the file
/// itself, whose inode the rename replaces), which every user who writes the file shares
/// (docs/PRODUCT.md §11); only where the folder cannot be opened for reading, on
/// `playlist.lock` in the writer's state folder. The file is read, the change made of its
/// bytes, the new bytes written to a temporary file beside it (fsynced, with the old file's
/// mode, owner, group, ACL and `user.` attributes) and put in its place, then the folder
/// fsynced. If the file changed between the read and the swap, nothing of this change lands:
/// the file is read again and the change made again from what the other writer left, so their
/// change is never lost.
///
/// Where a rename cannot keep the file as it was (the writer cannot give a new file its owner
/// or group, the file has other hard links or attributes a writer cannot give, the folder is
/// not writable), the new bytes are written into the file itself, as vim's `backupcopy=auto`
/// does, after its old bytes are kept in a synced `UserFileBackup` (`UserFileEdit+InPlace`).
/// The next reader puts a torn file back (`UserFileRecovery`).
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
        /// What putting back a torn file found before the change, in words for the user.
        public var restored: [String] = []
    }

    /// Replaces `path`'s bytes with what `change` makes of them (nil when the file does not
    /// exist); `change` returning nil writes nothing. It runs once per attempt, on the bytes
    /// as they are then, and may throw to abandon the edit with the file untouched.
    /// `state` is the writer's own state folder: where the old bytes are kept when the file's
    /// folder is not writable.
    public static func apply(
        to path: RawPath, state: RawPath, limit: Int, attempts: Int = 20,
        _ change: ([UInt8]?) throws -> [UInt8]?
    ) throws -> Outcome {
        let target = followed(path)
        let held = try sharedLock(for: target, state: state, waiting: true)
        defer { held?.release() }
        // A torn file is put back before it is changed again: its backup would be overwritten.
        let restored = UserFileRecovery.recoverHeld(target, state: state)
        for attempt in 0..<attempts {
            let current = try readCurrent(target, limit: limit)
            guard let bytes = try change(current?.bytes) else {
                return Outcome(
                    path: target, written: false, created: false, retries: attempt, restored: restored)
            }
            if let current, !isWritable(target, mode: current.mode) { throw Failure.fileNotWritable(target) }
            let placed: Bool
            if let current, !renameKeeps(target, current) {
                placed = try writeInPlace(bytes, at: target, current: current, state: state)
            } else {
                let temporary: RawPath?
                do {
                    temporary = try writeTemporary(bytes, beside: target, like: current)
                } catch .folderNotWritable(let folder, let code) {
                    guard current != nil else { throw Failure.folderNotWritable(folder, code: code) }
                    temporary = nil
                }
                if let temporary {
                    placed = try put(temporary, at: target, replacing: current)
                    if placed { AtomicFile.syncFolder(target.parent) }
                } else if let current {
                    placed = try writeInPlace(bytes, at: target, current: current, state: state)
                } else {
                    placed = false
                }
            }
            if placed {
                return Outcome(
                    path: target, written: true, created: current == nil, retries: attempt, restored: restored
                )
            }
        }
        throw Failure.keptChanging(target)
    }

    /// The lock every writer of `target` shares, whichever user: a `flock` on its folder. A
    /// folder that cannot be opened for reading (one its users may only enter) falls back to a
    /// lock file in the writer's state folder, which serialises that user's writers only.
    /// Without `waiting`, nil when another holds it.
    static func sharedLock(for target: RawPath, state: RawPath, waiting: Bool) throws(AtomicFile.Failure)
        -> FileLock?
    {
        func take(_ path: RawPath, folder: Bool) throws(AtomicFile.Failure) -> FileLock? {
            if waiting { return try FileLock.waitingFor(path, folder: folder) }
            if case .acquired(let lock) = try FileLock.attempt(path, folder: folder) { return lock }
            return nil
        }
        do {
            return try take(target.parent, folder: true)
        } catch  where error.code == EACCES {
            try AtomicFile.makeDirectory(state)
            return try take(state.appending("playlist.lock"), folder: false)
        }
    }

    /// What was read, and what it was read from.
    struct Current {
        var bytes: [UInt8]
        var status: FileStatus
        var mode: mode_t
        var owner: uid_t
        var group: gid_t
        var links: Int
    }

    /// Whether a new file renamed over `target` would be the same file to its users: the
    /// writer can give it the owner and group, it has no other name, and no attribute the
    /// writer cannot copy (docs/PRODUCT.md §11).
    private static func renameKeeps(_ target: RawPath, _ current: Current) -> Bool {
        guard current.links <= 1 else { return false }
        let user = geteuid()
        if user != 0 {
            guard current.owner == user else { return false }
            guard current.group == getegid() || supplementaryGroups().contains(current.group) else {
                return false
            }
        }
        guard let names = ExtendedAttributes.names(of: target) else { return false }
        return names.allSatisfy(ExtendedAttributes.isCopied)
    }

    private static func supplementaryGroups() -> [gid_t] {
        let count = getgroups(0, nil)
        guard count > 0 else { return [] }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let filled = getgroups(count, &groups)
        return filled > 0 ? Array(groups.prefix(Int(filled))) : []
    }

    /// The file's bytes and status, or nil when it does not exist. Anything but a regular file
    /// is refused unread (opening a FIFO would wait for a writer).
    static func readCurrent(_ path: RawPath, limit: Int) throws(Failure) -> Current? {
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
            bytes: bytes, status: status, mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid,
            links: Int(info.st_nlink))
    }

    private static func isWritable(_ path: RawPath, mode: mode_t) -> Bool {
        mode & 0o222 != 0 && path.withCString { access($0, W_OK) } == 0
    }

    /// A fresh file in `folder` named `.cdwally-<pid>-<random>` after `base` (the name
    /// `UserFileRecovery` sweeps when its process is gone), open for writing.
    static func createTemporary(in folder: RawPath, after base: String, mode: mode_t = 0o666)
        throws(Failure) -> (descriptor: Int32, path: RawPath)
    {
        for _ in 0..<100 {
            let temporary = folder.appending(
                "\(base).cdwally-\(getpid())-\(UInt32.random(in: .min ... .max))")
            let descriptor = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno == ENOSPC || errno == EDQUOT {
                throw .failed(AtomicFile.Failure(path: folder, operation: "create a file in", code: ENOSPC))
            }
            if errno != EEXIST { throw .folderNotWritable(folder, code: errno) }
        }
        throw .folderNotWritable(folder, code: EEXIST)
    }

    /// The new bytes in a fresh file beside the target: the old file's mode, owner, group and
    /// the attributes a writer may give, or the usual mode less the umask for a new file;
    /// fsynced. Nil when the new file could not be given what the old one has (then the file
    /// is written in place).
    private static func writeTemporary(_ bytes: [UInt8], beside target: RawPath, like current: Current?)
        throws(Failure) -> RawPath?
    {
        let (descriptor, temporary) = try createTemporary(
            in: target.parent, after: ".\(target.lastComponent.display)")
        var failure: AtomicFile.Failure?
        if let current {
            if fchmod(descriptor, current.mode) != 0 {
                failure = AtomicFile.Failure(path: target, operation: "write", code: errno)
            }
            // In a setgid folder the new file takes the folder's group; a writer who cannot
            // give it the old owner and group, or the old attributes, writes in place.
            var given = stat()
            let kept =
                fchown(descriptor, current.owner, current.group) == 0 && fstat(descriptor, &given) == 0
                && given.st_uid == current.owner && given.st_gid == current.group
                && fchmod(descriptor, current.mode) == 0
                && ExtendedAttributes.names(of: target).map {
                    ExtendedAttributes.copy($0, from: target, to: descriptor)
                } == true
            if !kept && failure == nil {
                close(descriptor)
                unlinkQuietly(temporary)
                return nil
            }
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
    static func isSameContent(_ lhs: FileStatus, _ rhs: FileStatus) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified == rhs.modified
    }

    /// The path with a symbolic link resolved, so that the link stays and its target changes.
    static func followed(_ path: RawPath) -> RawPath {
        guard case .found(_, isLink: true) = FileStatus.lookUp(path) else { return path }
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return RawPath(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    static func unlinkQuietly(_ path: RawPath) {
        _ = path.withCString { unlink($0) }
    }
}
