import CDWallyCore
import Glibc

/// The single-instance lock: an exclusive `flock` on `control.lock`, held for the life of
/// a server, so two players starting at once cannot both win. The holder writes its pid
/// into the file, for the loser's error message.
///
/// The file is never removed: a process that opened it just before a removal would lock
/// an orphaned inode while a third one locked a new file, and both would win. The kernel
/// drops the lock when its holder dies, however it dies.
///
/// Owned by the server's accept thread once the server runs; `release()` is called there.
final class InstanceLock {
    private var descriptor: Int32

    /// What trying the lock gave.
    enum Attempt {
        case acquired(InstanceLock)
        /// Another process holds it; `pid` is the one it recorded, if any yet.
        case held(pid: Int32?)
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Tries the lock without waiting.
    static func attempt(path: RawPath) throws(ControlError) -> Attempt {
        let flags = O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW
        let descriptor = try ControlError.check(
            path.withCString { open($0, flags, 0o600) }, "open", path: path)
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            let holder = recordedPid(descriptor)
            Glibc.close(descriptor)
            if code == EWOULDBLOCK { return .held(pid: holder) }
            throw ControlError.status(errno: code, call: "flock", path: path)
        }
        let lock = InstanceLock(descriptor: descriptor)
        lock.recordPid()
        return .acquired(lock)
    }

    deinit { release() }

    /// Unlocks (by closing); the file stays, with its stale pid, for the next holder.
    func release() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    private func recordPid() {
        // Best effort: the lock is what counts; the pid only improves a message.
        let text = Array("\(getpid())\n".utf8)
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, text.count, 0) }
    }

    /// The pid the holder wrote, if it has written one yet.
    private static func recordedPid(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 32, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        return text.split(separator: "\n").first.flatMap { Int32($0) }.flatMap { $0 > 0 ? $0 : nil }
    }
}
