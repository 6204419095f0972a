import CDWallyCore
import CDWallySystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The last stage of the Snapcast recipe's output: mpv's `pcm` output writes into a private
/// pipe, and this relay copies it into the listener's pipe with the volume applied on the
/// way, so that a level, mute or fade is heard within a fraction of a second.
///
/// mpv's `pcm` output reports itself always ready and writes up to 65,536 samples at once
/// (1.4 s at 48 kHz). Into a pipe drained at real-time pace, mpv's own software volume, applied
/// as each such chunk leaves its buffer, was heard 2.2 to 2.8 s after it was set, and the
/// core answered nothing meanwhile. Here the gain applies to the next few milliseconds read,
/// behind only the listener's pipe (64 KiB, a third of a second), and moves there in a short
/// ramp, so no change clicks. mpv's own volume stays at 100.
///
/// Used only where the bytes are known: `ao=pcm` with `ao-pcm-waveheader=no`, `ao-pcm-file`
/// an existing named pipe, and `audio-format` one of s16, s32 or float (the recipe's). Any
/// other `pcm` output keeps mpv's volume.
///
/// Threads: `set` from any thread; the copying runs on a `PollThread`; `stop` after the core
/// is gone (a core blocked in `write` needs the relay to end).
final class PCMRelay: Sendable {
    /// What the samples are, from `audio-format`.
    enum SampleFormat: String, Sendable {
        case s16
        case s32
        case float

        var bytes: Int { self == .s16 ? 2 : 4 }
    }

    /// A ramp from one gain to the next lasts this many samples (about 25 ms of stereo 48 kHz).
    static let rampSamples = 2400

    /// The private pipe mpv writes into.
    let pipePath: String
    private let folder: String
    /// The amplitude to apply: from mpv's `volume` and `mute` options at first, then as set.
    private let gain: LockedValue<Float>
    private let copier: PollThread

    /// A relay for `options`, or nil when they are not the recipe's (see above) or the pipes
    /// cannot be set up, in which case mpv writes into the listener's pipe itself.
    init?(options: [MPVOption]) {
        guard options.value(of: "ao") == "pcm", options.value(of: "ao-pcm-waveheader") == "no",
            let format = options.value(of: "audio-format").flatMap(SampleFormat.init(rawValue:)),
            let target = options.outputPipe
        else { return nil }
        let level = options.value(of: "volume").flatMap(Double.init) ?? 100
        gain = LockedValue(
            options.value(of: "mute") == "yes" ? 0 : Float(VolumeControl.amplitude(ofLevel: level)))
        var template = Array((NSTemporaryDirectory() + "/cdwally-relay-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        folder = String(cString: made)
        pipePath = folder + "/pcm"
        // Read end first, so that neither open waits. The relay keeps a write end of its own
        // pipe too: until mpv opens it, a read then waits rather than ending at once.
        guard mkfifo(pipePath, 0o600) == 0 else {
            rmdir(folder)
            return nil
        }
        let source = open(pipePath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let keeper = source >= 0 ? open(pipePath, O_WRONLY | O_NONBLOCK | O_CLOEXEC) : -1
        // The listener's pipe has a reader already (`PipeOutputHold`), so this never waits.
        let sink = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard source >= 0, keeper >= 0, sink >= 0 else {
            for descriptor in [source, keeper, sink] where descriptor >= 0 { close(descriptor) }
            unlink(pipePath)
            rmdir(folder)
            return nil
        }
        let gain = gain
        do {
            copier = try PollThread.start(name: "cdwally-pcm-relay") { thread in
                Self.copy(from: source, to: sink, format: format, gain: gain, on: thread)
                for descriptor in [source, keeper, sink] { close(descriptor) }
            }
        } catch {
            for descriptor in [source, keeper, sink] { close(descriptor) }
            unlink(pipePath)
            rmdir(folder)
            return nil
        }
    }

    /// `options` with mpv's output sent into the relay's pipe, and mpv's own volume at 100:
    /// the level is the relay's alone, or it would apply twice.
    func redirecting(_ options: [MPVOption]) -> [MPVOption] {
        options.map { option in
            switch option.name {
            case "ao-pcm-file": MPVOption(option.name, pipePath)
            case "volume": MPVOption(option.name, "100")
            case "mute": MPVOption(option.name, "no")
            default: option
            }
        }
    }

    /// The amplitude to apply (`VolumeControl.amplitude(ofLevel:)`: mpv's curve, 0 for mute).
    func set(amplitude: Double) {
        gain.set(Float(max(0, amplitude)))
    }

    /// Ends the copying and removes the private pipe.
    func stop() {
        copier.stop()
        unlink(pipePath)
        rmdir(folder)
    }

    /// Reads what mpv wrote, applies the gain, writes it on, until stopped.
    private static func copy(
        from source: Int32, to sink: Int32, format: SampleFormat, gain: LockedValue<Float>,
        on thread: PollThread
    ) {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var held = 0  // bytes of a sample cut in two by the last read, kept at the front
        // Nil until the first samples: those have the gain set by then, without a ramp from an
        // earlier one (a level set on an idle player would start from full scale otherwise).
        var current: Float?
        while true {
            var readable = [pollfd(fd: source, events: Int16(POLLIN), revents: 0)]
            guard thread.wait(&readable, until: nil) == .ready else { return }
            let count = buffer.withUnsafeMutableBytes {
                read(source, $0.baseAddress! + held, $0.count - held)
            }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard count > 0 else { return }
            let total = held + count
            let whole = total - total % format.bytes
            let target = gain.current
            current = apply(from: current ?? target, to: target, format: format, to: &buffer, bytes: whole)
            guard write(buffer[..<whole], to: sink, on: thread) else { return }
            held = total - whole
            for index in 0..<held { buffer[index] = buffer[whole + index] }
        }
    }

    /// Scales `bytes` of samples by a gain moving from `start` to `target` by at most one
    /// ramp's step a sample; returns the gain reached.
    private static func apply(
        from start: Float, to target: Float, format: SampleFormat, to buffer: inout [UInt8], bytes: Int
    ) -> Float {
        if start == 1 && target == 1 { return 1 }
        let step = 1 / Float(rampSamples)
        var gain = start
        func next() -> Float {
            if gain < target {
                gain = min(target, gain + step)
            } else if gain > target {
                gain = max(target, gain - step)
            }
            return gain
        }
        buffer.withUnsafeMutableBytes { raw in
            switch format {
            case .s16:
                let samples = raw.bindMemory(to: Int16.self)
                for index in 0..<bytes / 2 {
                    let scaled = Float(Int16(littleEndian: samples[index])) * next()
                    samples[index] = Int16(clamping: Int(scaled.rounded())).littleEndian
                }
            case .s32:
                let samples = raw.bindMemory(to: Int32.self)
                for index in 0..<bytes / 4 {
                    let scaled = Double(Int32(littleEndian: samples[index])) * Double(next())
                    samples[index] = Int32(clamping: Int64(scaled.rounded())).littleEndian
                }
            case .float:
                let samples = raw.bindMemory(to: UInt32.self)
                for index in 0..<bytes / 4 {
                    let scaled = Float(bitPattern: UInt32(littleEndian: samples[index])) * next()
                    samples[index] = scaled.bitPattern.littleEndian
                }
            }
        }
        return gain
    }

    /// Writes all of `bytes`, waiting while the listener's pipe is full; false once stopped.
    private static func write(_ bytes: ArraySlice<UInt8>, to sink: Int32, on thread: PollThread) -> Bool {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(sink, $0.baseAddress!, $0.count) }
            if written > 0 {
                offset += written
                continue
            }
            guard written < 0, errno == EAGAIN || errno == EINTR else { return false }
            var writable = [pollfd(fd: sink, events: Int16(POLLOUT), revents: 0)]
            guard thread.wait(&writable, until: nil) == .ready else { return false }
        }
        return true
    }
}
