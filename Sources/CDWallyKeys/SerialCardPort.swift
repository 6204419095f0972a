import CDWallyCore
import Glibc

/// A serial card reader's tty (an RDM6300 on a Pi's UART, `/dev/serial0`, or a USB adapter,
/// `/dev/ttyUSB0`): opened raw at 9600 8N1 and read without blocking. Owns its descriptor.
///
/// Not thread-safe: the card reader's thread opens, reads and closes it.
final class SerialCardPort {
    let path: RawPath
    let identity: NodeIdentity
    private(set) var fileDescriptor: Int32

    /// Opens `path` as a serial line; nil when it is no terminal (then it is no reader at all).
    static func open(_ path: RawPath) throws(InputError) -> SerialCardPort? {
        let descriptor = try InputError.checkSystemCall(
            path.withCString { Glibc.open($0, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) }, "open",
            path: path)
        guard isatty(descriptor) == 1 else {
            Glibc.close(descriptor)
            return nil
        }
        do {
            var info = stat()
            try InputError.checkSystemCall(fstat(descriptor, &info), "fstat", path: path)
            var options = termios()
            try InputError.checkSystemCall(tcgetattr(descriptor, &options), "tcgetattr", path: path)
            cfmakeraw(&options)
            cfsetispeed(&options, speed_t(B9600))
            cfsetospeed(&options, speed_t(B9600))
            options.c_cflag |= tcflag_t(CLOCAL | CREAD)
            try InputError.checkSystemCall(tcsetattr(descriptor, TCSANOW, &options), "tcsetattr", path: path)
            return SerialCardPort(path: path, identity: NodeIdentity(info), descriptor: descriptor)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
    }

    private init(path: RawPath, identity: NodeIdentity, descriptor: Int32) {
        self.path = path
        self.identity = identity
        fileDescriptor = descriptor
    }

    deinit {
        close()
    }

    var isOpen: Bool { fileDescriptor >= 0 }

    /// What is pending, without blocking. A port whose device went away (a USB adapter pulled
    /// out, the far end of a pseudo-terminal closed) is closed: check `isOpen`.
    func read() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while isOpen {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer.prefix(count)
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            // End of file, EIO (a hung-up terminal) or ENODEV: the reader is gone.
            close()
        }
        return bytes
    }

    func close() {
        guard fileDescriptor >= 0 else { return }
        Glibc.close(fileDescriptor)
        fileDescriptor = -1
    }
}
