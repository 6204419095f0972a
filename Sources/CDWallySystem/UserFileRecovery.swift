import CDWallyCore

#if canImport(Glibc)
    import Glibc
#endif

/// After a cut (a `kill -9`, a power cut) in the middle of a `UserFileEdit`: puts a torn file's
/// old bytes back from its `UserFileBackup`, and sweeps the temporary files whose writer is gone
/// (docs/PRODUCT.md §11). The next command that reads the playlist and the running player call
/// it; an edit calls it too before it changes the file.
///
/// It works only under the writers' shared lock, taken without waiting: a writer that holds it
/// is alive, and its backup and temporary file are not stale.
///
/// Threads: any; blocking (file I/O).
public enum UserFileRecovery {
    /// Whether a backup waits for `path`: two `stat`s, for a watcher's frequent look.
    public static func hasBackup(_ path: RawPath, state: RawPath) -> Bool {
        let target = UserFileEdit.followed(path)
        return FileStatus.of(UserFileBackup.beside(target)) != nil
            || FileStatus.of(UserFileBackup.inState(state, for: target)) != nil
    }

    /// Puts back a torn `path` and sweeps stale temporary files beside it (and in `state`, the
    /// caller's state folder); one line for the user for each file put back or that could
    /// not be. Nothing when a writer holds the lock.
    public static func recover(_ path: RawPath, state: RawPath) -> [String] {
        let target = UserFileEdit.followed(path)
        guard let held = try? UserFileEdit.sharedLock(for: target, state: state, waiting: false) else {
            return []
        }
        defer { held.release() }
        return recoverHeld(target, state: state)
    }

    /// `recover`, for a caller that holds the lock.
    static func recoverHeld(_ target: RawPath, state: RawPath) -> [String] {
        var lines: [String] = []
        for backup in [UserFileBackup.beside(target), UserFileBackup.inState(state, for: target)] {
            if let line = settle(backup, of: target) { lines.append(line) }
        }
        sweep(target.parent, prefix: ".\(target.lastComponent.display).cdwally-")
        sweep(state, prefix: UserFileBackup.inState(state, for: target).lastComponent.display + ".cdwally-")
        return lines
    }

    /// Deals with one backup, if there is one: gone once the file holds the old or the new
    /// bytes (put back first when torn); kept, and said, when the old bytes cannot go back.
    private static func settle(_ path: RawPath, of target: RawPath) -> String? {
        guard let bytes = try? AtomicFile.contents(of: path) else { return nil }
        guard let backup = UserFileBackup.decoded(bytes), backup.path == target else {
            // Renamed into place only once whole: a backup that does not read as one of this
            // file's is damaged, and could put back nothing.
            UserFileEdit.discard(path)
            return "\(path.display) is no backup of \(target.display) and is removed"
        }
        let limit = max(backup.old.count, backup.new.count)
        let current: UserFileEdit.Current?
        do {
            current = try UserFileEdit.readCurrent(target, limit: limit)
        } catch .tooLarge {
            current = nil
        } catch {
            return "cannot read \(target.display) to check a change that was cut off: \(error)"
        }
        guard let current, backup.verdict(of: current.bytes) == .torn else {
            // The write finished, never began, or the file changed since: nothing to put back.
            UserFileEdit.discard(path)
            return nil
        }
        let descriptor = target.withCString { open($0, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else {
            return "\(target.display) was cut off in the middle of a change; its old version is kept in "
                + "\(path.display) (cannot write it: \(ErrnoText.of(errno)))"
        }
        defer { close(descriptor) }
        if let failure = UserFileEdit.overwrite(descriptor, with: backup.old, path: target) {
            return "\(target.display) was cut off in the middle of a change; its old version is kept in "
                + "\(path.display) (\(failure))"
        }
        UserFileEdit.discard(path)
        return "\(target.display) was cut off in the middle of a change; its old version is put back"
    }

    /// Removes the files in `folder` named `<prefix><pid>-<number>` whose process is gone.
    private static func sweep(_ folder: RawPath, prefix: String) {
        guard let stream = folder.withCString({ opendir($0) }) else { return }
        defer { closedir(stream) }
        let start = Array(prefix.utf8)
        var swept = false
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard name.starts(with: start) else { continue }
            let parts = name[start.count...].split(
                separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            guard parts.count == 2, let pid = Int32(String(decoding: parts[0], as: UTF8.self)),
                UInt32(String(decoding: parts[1], as: UTF8.self)) != nil, pid > 0
            else { continue }
            guard ProcessLiveness.isGone(pid) else { continue }
            UserFileEdit.unlinkQuietly(folder.appending(RawPath(bytes: name)))
            swept = true
        }
        if swept { AtomicFile.syncFolder(folder) }
    }
}
