#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A self-pipe that wakes a thread sleeping in `poll(2)`: the thread polls `readEnd` next
/// to its real descriptors, and `signal()` from any other thread makes it readable. The
/// byte is never read unless the poller `drain()`s it, so a stop signal stays visible to
/// every later poll and to every thread that polls the same pipe.
///
/// Threads: any. Both descriptors are fixed at init and closed when the last owner lets go.
public final class WakePipe: Sendable {
    public struct Failure: Error, Sendable {
        /// `errno` from pipe(2).
        public var code: Int32
        public var reason: String { ErrnoText.of(code) }
    }

    /// The end to poll for `POLLIN`.
    public let readEnd: Int32
    private let writeEnd: Int32

    public init() throws(Failure) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure(code: errno) }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends {
            // Glibc's Swift module does not export pipe2; fcntl sets the same flags.
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Makes `readEnd` readable. A full pipe is readable already, so EAGAIN needs nothing.
    public func signal() {
        var byte: UInt8 = 1
        while write(writeEnd, &byte, 1) == -1 && errno == EINTR {}
    }

    /// Empties the pipe, for a poller that wakes for more than one reason.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    /// True once `signal()` was called (and nobody drained it since).
    public var isSignalled: Bool {
        var descriptors = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        return poll(&descriptors, 1, 0) > 0
    }
}
