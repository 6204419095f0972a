import Foundation
import Synchronization

/// A reader of a named pipe, as snapserver is for cdwally's Snapcast output: it takes
/// 8 KiB every 20 ms (faster than a CD's 176 KB/s) until stopped, then closes its end.
public final class PipeReader: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)

    public init(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 8192)
            while !stopped.load(ordering: .acquiring) {
                _ = read(descriptor, &buffer, buffer.count)
                usleep(20_000)
            }
            close(descriptor)
            finished.store(true, ordering: .releasing)
        }
    }

    /// Stops reading and returns once the pipe's read end is closed.
    public func stop() async {
        stopped.store(true, ordering: .releasing)
        while !finished.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(10)) }
    }
}
