import Foundation
import Synchronization

/// A reader of a named pipe, as snapserver is for cdwally's Snapcast output: it takes
/// `bytesPerSecond` in a read every 20 ms until stopped, then closes its end. `ao=pcm` writes
/// as fast as it is read, so the rate is the playback speed: the default is about real time
/// for the 8 kHz mono fixtures, whatever sample format mpv writes (16 KB/s as s16, 32 as float),
/// so that an album of long tracks does not run out while a test looks.
///
/// For signed 16-bit samples (`audio-format=s16`), it also keeps the loudest sample of each
/// read, with the time it came (`loudness`): what a listener at the other end heard when. A
/// read that finds the pipe empty is silence.
public final class PipeReader: Sendable {
    /// The loudest sample (0…32768) of one read, and when it was read.
    public struct Reading: Sendable {
        public let time: ContinuousClock.Instant
        public let peak: Int
    }

    private let stopped = Atomic<Bool>(false)
    private let holding = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)
    private let readings = Mutex<[Reading]>([])

    public init(_ path: String, bytesPerSecond: Int = 32_000) throws {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        Thread.detachNewThread { [self] in
            // Whole 16-bit samples, so every read starts on one.
            var buffer = [UInt8](repeating: 0, count: max(2, bytesPerSecond / 50 & ~1))
            var carry: UInt8?
            while !stopped.load(ordering: .acquiring) {
                if holding.load(ordering: .acquiring) {
                    usleep(20_000)
                    continue
                }
                let count = read(descriptor, &buffer, buffer.count)
                // An empty pipe is heard as silence, as snapserver plays it.
                let peak = count > 0 ? Self.peak(of: buffer[..<count], carry: &carry) : 0
                readings.withLock { $0.append(Reading(time: .now, peak: peak)) }
                usleep(20_000)
            }
            close(descriptor)
            finished.store(true, ordering: .releasing)
        }
    }

    /// The readings taken from `start` on.
    public func loudness(from start: ContinuousClock.Instant) -> [Reading] {
        readings.withLock { $0.filter { $0.time >= start } }
    }

    /// Stops reading but keeps the read end open, as a listener that hangs: the pipe fills
    /// and mpv's next write waits.
    public func hold() {
        holding.store(true, ordering: .releasing)
    }

    /// Stops reading and returns once the pipe's read end is closed.
    public func stop() async {
        stopped.store(true, ordering: .releasing)
        while !finished.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(10)) }
    }

    /// The loudest little-endian 16-bit sample in `bytes`; an odd byte left over waits in
    /// `carry` for the next read.
    private static func peak(of bytes: ArraySlice<UInt8>, carry: inout UInt8?) -> Int {
        var peak = 0
        var low = carry
        for byte in bytes {
            guard let first = low else {
                low = byte
                continue
            }
            let sample = Int(Int16(bitPattern: UInt16(first) | UInt16(byte) << 8))
            peak = max(peak, abs(sample))
            low = nil
        }
        carry = low
        return peak
    }
}
