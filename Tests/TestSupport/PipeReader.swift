import Foundation
import Synchronization

/// A reader of a named pipe, as snapserver is for cdwally's Snapcast output: it takes
/// `bytesPerSecond` in a read every 20 ms until stopped, then closes its end. `ao=pcm` writes
/// as fast as it is read, so the rate is the playback speed: the default is about real time
/// for the 8 kHz mono fixtures, whatever sample format mpv writes (16 KB/s as s16, 32 as float),
/// so that an album of long tracks does not run out while a test looks.
public final class PipeReader: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)

    public init(_ path: String, bytesPerSecond: Int = 32_000) throws {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: max(1, bytesPerSecond / 50))
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
