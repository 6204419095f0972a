import CDWallyCore
import CDWallySystem
import Glibc

/// The control socket's single-instance lock: an exclusive `flock` on `control.lock`, held
/// for the life of a server, so two servers starting at once in one folder cannot both win.
/// The holder writes its pid into the file, for the loser's error message. A `FileLock`:
/// the file is never removed.
///
/// Owned by the server's accept thread once the server runs; `release()` is called there.
final class InstanceLock {
    private let lock: FileLock

    /// What trying the lock gave.
    enum Attempt {
        case acquired(InstanceLock)
        /// Another process holds it; `pid` is the one it recorded, if any yet.
        case held(pid: Int32?)
    }

    private init(lock: FileLock) {
        self.lock = lock
    }

    /// Tries the lock without waiting.
    static func attempt(path: RawPath) throws(ControlError) -> Attempt {
        let attempt: FileLock.Attempt
        do throws(AtomicFile.Failure) { attempt = try FileLock.attempt(path) } catch {
            throw ControlError.status(errno: error.code, call: error.operation, path: path)
        }
        switch attempt {
        case .acquired(let lock):
            lock.record(Array("\(getpid())\n".utf8))
            return .acquired(InstanceLock(lock: lock))
        case .held(let record):
            let text = String(decoding: record, as: UTF8.self)
            let pid = text.split(separator: "\n").first.flatMap { Int32($0) }.flatMap { $0 > 0 ? $0 : nil }
            return .held(pid: pid)
        }
    }

    /// Unlocks; the file stays, with its stale pid, for the next holder.
    func release() {
        lock.release()
    }
}
