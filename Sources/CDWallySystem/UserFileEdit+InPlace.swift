import CDWallyCore

#if canImport(Glibc)
    import Glibc
#endif

/// The write into the file itself, for a file a rename would not keep as it was
/// (docs/PRODUCT.md §11): its inode, and so its owner, group, mode, ACL, attributes and every
/// hard link, stay; only its bytes change.
extension UserFileEdit {
    /// Keeps the old bytes in a synced backup, writes the new ones over the file, syncs it and
    /// removes the backup. False (nothing written) when the file is no longer the one read.
    static func writeInPlace(_ bytes: [UInt8], at target: RawPath, current: Current, state: RawPath)
        throws(Failure) -> Bool
    {
        let descriptor = target.withCString { open($0, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else {
            if errno == EACCES || errno == EPERM || errno == EROFS { throw .fileNotWritable(target) }
            throw .failed(AtomicFile.Failure(path: target, operation: "open", code: errno))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, isSameContent(FileStatus(info), current.status) else {
            return false
        }
        let backup = UserFileBackup(path: target, old: current.bytes, new: bytes)
        let kept = try keep(backup, mode: current.mode & 0o666, state: state)
        if let failure = overwrite(descriptor, with: bytes, path: target) {
            // The old bytes back at once where the disk lets; else the backup stays for the
            // next reader.
            if overwrite(descriptor, with: current.bytes, path: target) == nil { discard(kept) }
            throw .failed(failure)
        }
        discard(kept)
        return true
    }

    /// Writes `bytes` over the whole file open at `descriptor`, cuts it to their length and
    /// syncs it; the failure, if any.
    static func overwrite(_ descriptor: Int32, with bytes: [UInt8], path: RawPath) -> AtomicFile.Failure? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + offset, $0.count - offset, off_t(offset))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                return AtomicFile.Failure(path: path, operation: "write", code: written < 0 ? errno : EIO)
            }
            offset += written
        }
        guard ftruncate(descriptor, off_t(bytes.count)) == 0, fsync(descriptor) == 0 else {
            return AtomicFile.Failure(path: path, operation: "write", code: errno)
        }
        return nil
    }

    /// The backup written whole and durable, beside the file or, where its folder is not
    /// writable, in the state folder; its path.
    private static func keep(_ backup: UserFileBackup, mode: mode_t, state: RawPath) throws(Failure)
        -> RawPath
    {
        let target = backup.path
        var place = UserFileBackup.beside(target)
        var made: (descriptor: Int32, path: RawPath)
        do {
            made = try createTemporary(
                in: target.parent, after: ".\(target.lastComponent.display)", mode: 0o600)
        } catch .folderNotWritable {
            do {
                try AtomicFile.makeDirectory(state)
            } catch {
                throw .failed(error)
            }
            place = UserFileBackup.inState(state, for: target)
            made = try createTemporary(in: state, after: place.lastComponent.display, mode: 0o600)
        }
        // As readable as the file itself: another user of it may have to put it back.
        var failure: AtomicFile.Failure? =
            fchmod(made.descriptor, mode) == 0
            ? nil : AtomicFile.Failure(path: place, operation: "write", code: errno)
        if failure == nil {
            failure = overwrite(made.descriptor, with: backup.encoded, path: place)
        }
        if close(made.descriptor) != 0 && failure == nil {
            failure = AtomicFile.Failure(path: place, operation: "write", code: errno)
        }
        if failure == nil && made.path.withCString({ from in place.withCString { rename(from, $0) } }) != 0 {
            failure = AtomicFile.Failure(path: place, operation: "replace", code: errno)
        }
        if let failure {
            unlinkQuietly(made.path)
            throw .failed(failure)
        }
        AtomicFile.syncFolder(place.parent)
        return place
    }

    static func discard(_ backup: RawPath) {
        unlinkQuietly(backup)
        AtomicFile.syncFolder(backup.parent)
    }
}
