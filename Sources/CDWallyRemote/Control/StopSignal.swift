import Glibc

/// A latch every thread of the server polls next to its socket: `fire()` writes one byte
/// into a pipe that nobody reads, so its read end stays readable for all of them, now and
/// for any later poll.
///
/// Both descriptors are immutable after init and closed on deinit, after the last thread
/// let go of the signal; `fire()` is safe from any thread.
final class StopSignal: Sendable {
    /// The read end, for poll sets.
    let descriptor: Int32
    private let writeEnd: Int32

    init() throws(ControlError) {
        var ends: [Int32] = [-1, -1]
        try ControlError.check(pipe(&ends), "pipe")
        descriptor = ends[0]
        writeEnd = ends[1]
        for end in ends {
            // Glibc's module does not export pipe2; fcntl gives the same flags.
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    func fire() {
        var byte: UInt8 = 1
        // A full pipe is readable already, so EAGAIN needs nothing more.
        while write(writeEnd, &byte, 1) == -1 && errno == EINTR {}
    }

    var hasFired: Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        return poll(&descriptors, 1, 0) > 0
    }
}
