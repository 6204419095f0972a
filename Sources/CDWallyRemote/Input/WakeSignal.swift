import Glibc

/// A self-pipe that lets any thread wake the polling thread out of `poll`: `stop()` writes
/// a byte, the poll loop sees its read end become readable.
///
/// Both descriptors are immutable after init and closed on deinit; `signal()` is safe from
/// any thread, `drain()` is for the polling thread alone.
final class WakeSignal: Sendable {
    /// The read end, for the poll set.
    let fileDescriptor: Int32
    private let writeEnd: Int32

    init() throws(InputError) {
        var ends: [Int32] = [-1, -1]
        try InputError.checkSystemCall(pipe(&ends), "pipe")
        fileDescriptor = ends[0]
        writeEnd = ends[1]
        for end in ends {
            // Glibc's module does not export pipe2; fcntl gives the same flags.
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        close(fileDescriptor)
        close(writeEnd)
    }

    func signal() {
        var byte: UInt8 = 1
        // A full pipe already wakes the reader, so EAGAIN needs nothing more.
        while write(writeEnd, &byte, 1) == -1 && errno == EINTR {}
    }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(fileDescriptor, &buffer, buffer.count) > 0 {}
    }
}
