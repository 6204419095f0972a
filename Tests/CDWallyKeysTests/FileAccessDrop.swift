import CDWallySystem
import Foundation
import Glibc
import TestSupport

/// Makes the calling thread see file permissions as an unprivileged user would.
///
/// The tests run as root here, and root opens a mode-0600 file anyway; a permission test
/// needs the real kernel EACCES. `setfsuid` changes only the calling thread's file-system
/// identity (glibc does not broadcast it to other threads as it does for `setuid`), and
/// leaving uid 0 clears that thread's CAP_DAC_OVERRIDE, so only the reader's thread is
/// affected, not the tests running beside it. Glibc's Swift module does not export
/// `setfsuid`, hence the lookup by name. A non-root user needs no drop.
enum FileAccessDrop {
    static let nobody: UInt32 = 65534

    /// Drops file access on the current thread; returns whether it now acts unprivileged.
    @discardableResult
    static func dropOnCurrentThread() -> Bool {
        guard geteuid() == 0 else { return true }
        guard let setfsgid = function("setfsgid"), let setfsuid = function("setfsuid") else { return false }
        _ = setfsgid(nobody)
        _ = setfsuid(nobody)
        // An invalid id changes nothing and returns the current one.
        return setfsuid(UInt32.max) == Int32(bitPattern: nobody)
    }

    /// Whether a dropped thread really gets EACCES for a file only root may read, while it
    /// still reaches a world-readable one in the same temporary directory; tried on a
    /// throwaway thread so no test thread keeps the dropped identity.
    static let isAvailable: Bool = {
        guard geteuid() == 0 else { return true }
        guard let directory = try? TemporaryDirectory(),
            let secret = try? directory.createFile("secret", mode: 0o600),
            let open = try? directory.createFile("open", mode: 0o644)
        else { return false }
        return onDroppedThread {
            let denied = secret.withCString { Glibc.open($0, O_RDONLY) }
            let deniedError = errno
            let allowed = open.withCString { Glibc.open($0, O_RDONLY) }
            for fd in [denied, allowed] where fd >= 0 { close(fd) }
            return denied < 0 && deniedError == EACCES && allowed >= 0
        }
    }()

    /// Runs `body` on a fresh thread with dropped file access, so the test thread keeps its own.
    static func onDroppedThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let result = LockedValue<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            dropOnCurrentThread()
            let value = body()
            result.withLock { $0 = value }
        }
        thread.start()
        done.wait()
        return result.withLock { $0! }
    }

    private typealias SetID = @convention(c) (UInt32) -> Int32

    private static func function(_ name: String) -> SetID? {
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: SetID.self)
    }
}
