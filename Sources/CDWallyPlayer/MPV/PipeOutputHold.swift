import CDWallyCore
import CDWallySystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read end of the named pipe mpv's `pcm` output writes into (`ao-pcm-file`, the Snapcast
/// recipe), held open, and never read from, for the life of the mpv core.
///
/// A pipe nobody reads is hostile twice over. mpv's `open` of it for writing waits until a
/// reader comes, with the core held. And once a reader leaves (snapserver restarting),
/// every `write` fails with EPIPE: SIGPIPE ends cdwally, or, with SIGPIPE ignored, the
/// untimed output races through the rest of the disc in a moment. With a read end held
/// here, `open` returns at once and a `write` waits only while the pipe is full, which the
/// stall watch (`MPVRequests`) reports as waiting for the output; when a reader comes back
/// it takes what mpv wrote and playback goes on.
///
/// Threads: made and closed with its `MPVHandle`, after the core is gone.
final class PipeOutputHold: Sendable {
    private let descriptor: Int32

    /// Opens a read end when `options` send mpv's audio into an existing named pipe.
    init?(options: [MPVOption]) {
        guard let path = options.outputPipe else { return nil }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Reads and drops what mpv writes while `running` holds, so a core waiting in `write`
    /// can carry out `quit`. Only at shutdown, when nobody hears it: otherwise the core would
    /// outlive the process's `exit`, whose flush of mpv's stdio buffer for the pipe would wait
    /// for ever on the full pipe.
    func drain(while running: @escaping @Sendable () -> Bool) {
        NamedThread.start("cdwally-drain") { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while running() {
                if read(descriptor, &buffer, buffer.count) <= 0 { usleep(10_000) }
            }
        }
    }
}
