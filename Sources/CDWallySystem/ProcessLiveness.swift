import Glibc

/// Whether the process that left a file behind still runs: what decides whether a temporary
/// file named after its writer's pid is a leftover (`UserFileRecovery`, `AtomicFile`).
enum ProcessLiveness {
    /// Whether no live process has the id: none at all, or a zombie (killed, not yet reaped by
    /// its parent), which will write nothing more. EPERM means alive, another user's.
    static func isGone(_ pid: Int32) -> Bool {
        if kill(pid, 0) != 0 { return errno == ESRCH }
        // /proc's files say they are empty: read, not sized by fstat.
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var stat = [UInt8](repeating: 0, count: 1024)
        let count = read(descriptor, &stat, stat.count)
        guard count > 0, let end = stat[0..<count].lastIndex(of: UInt8(ascii: ")")), end + 2 < count else {
            return false
        }
        return stat[end + 2] == UInt8(ascii: "Z")
    }
}
