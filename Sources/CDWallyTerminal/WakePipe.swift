#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe whose only job is to wake a thread sleeping in `poll(2)` on its read end, so
/// the thread can be stopped without closing the file it reads.
///
/// Threads: any; `signal()` may be called from any thread, `dispose()` once the polling
/// thread has finished.
final class WakePipe: Sendable {
    /// The end to poll for `POLLIN`.
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws(TerminalError) {
        var ends: [Int32] = [-1, -1]
        try TerminalError.check(pipe(&ends), "pipe")
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    }

    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    func dispose() {
        _ = close(readEnd)
        _ = close(writeEnd)
    }
}
