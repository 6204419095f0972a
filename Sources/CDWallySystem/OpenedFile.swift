import CDWallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file held open for reading, so that parts of it read at different times, or copied into
/// a new file later (`AtomicFile.Part.copy`), all come from the same file, even when another
/// process renames a new one over its path in between, as `AtomicFile` does.
public final class OpenedFile: Sendable {
    public let path: RawPath
    /// Its size when it was opened.
    public let size: Int
    private let descriptor: Int32

    /// Nil when the file does not exist.
    public init?(_ path: RawPath) throws(AtomicFile.Failure) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw AtomicFile.Failure(path: path, operation: "open", code: errno)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw AtomicFile.Failure(path: path, operation: "read", code: code)
        }
        self.path = path
        self.descriptor = descriptor
        size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from `offset`, fewer where the file ends sooner: a damaged file can
    /// ask for any count, and never gets more than the file holds.
    public func bytes(at offset: Int, count: Int) throws(AtomicFile.Failure) -> [UInt8] {
        let available = max(0, size - max(offset, 0))
        var bytes = [UInt8](repeating: 0, count: min(max(count, 0), available))
        let filled = try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(AtomicFile.Failure) in try read(into: buffer, at: offset) }
        }.get()
        // In place: a copy would hold a 20 MB part twice.
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Fills `buffer` from `offset`, and gives how many bytes it read: fewer at the file's end.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(AtomicFile.Failure) -> Int {
        var filled = 0
        while filled < buffer.count {
            let read = pread(
                descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
            if read < 0 {
                if errno == EINTR { continue }
                throw AtomicFile.Failure(path: path, operation: "read", code: errno)
            }
            if read == 0 { break }
            filled += read
        }
        return filled
    }
}
