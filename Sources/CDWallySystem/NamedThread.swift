import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starts cdwally's own threads under their names, as `top -H`, `ps -L` and a core dump show
/// them. Foundation's `Thread.name` on Linux names only the `Thread` object: the kernel's name
/// stays the one inherited from the starting thread (a pool worker, "…root.default-qos"). So
/// the new thread names itself, writing its `comm` (what `pthread_setname_np` does on Linux,
/// which Glibc's Swift module does not export), cut to the kernel's 15 bytes.
public enum NamedThread {
    /// Starts `body` on a new thread called `name`.
    public static func start(_ name: String, body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            nameThisThread(name)
            body()
        }
        thread.name = name
        thread.start()
    }

    /// Names the calling thread; a failure (no /proc) leaves the name as it was.
    public static func nameThisThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}
