import CDWallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and replaces small state files (resume points, notes, cached covers) so that a
/// crash or a power cut leaves either the old file or the new one, never a torn mix
/// (docs/PRODUCT.md §5): the new bytes go to a unique temporary file in the same folder, which
/// is fsynced, renamed over the old file, and the folder fsynced so the rename is durable.
public enum AtomicFile {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: RawPath
        public var operation: String
        public var code: Int32

        /// The system's words, or what to do about a full disk.
        public var reason: String {
            code == ENOSPC ? "the disk is full; free some space" : ErrnoText.of(code)
        }

        public var description: String { "cannot \(operation) \(path.display): \(reason)" }
    }

    /// The file's bytes, or nil when it does not exist.
    public static func contents(of path: RawPath) throws(Failure) -> [UInt8]? {
        guard let descriptor = try openForReading(path) else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        // Sized once: growing by doubling held twice a 40 MB memo for a moment.
        var status = stat()
        if fstat(descriptor, &status) == 0 { bytes.reserveCapacity(Int(status.st_size)) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, operation: "read", code: errno)
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    /// Up to `count` bytes of the file from `offset` (fewer where it ends sooner), or nil when
    /// it does not exist: a part of a large cache file, read without the rest.
    public static func contents(of path: RawPath, at offset: Int, count: Int) throws(Failure) -> [UInt8]? {
        guard let descriptor = try openForReading(path) else { return nil }
        defer { close(descriptor) }
        // A damaged file can ask for any count: never more than the file holds.
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Failure(path: path, operation: "read", code: errno)
        }
        let available = max(0, Int(status.st_size) - max(offset, 0))
        var bytes = [UInt8](repeating: 0, count: min(max(count, 0), available))
        var filled = 0
        while filled < bytes.count {
            let read = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(offset + filled))
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, operation: "read", code: errno)
            }
            if read == 0 { break }
            filled += read
        }
        // In place: a copy would hold a 20 MB part twice.
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The file opened for reading, or nil when it does not exist.
    private static func openForReading(_ path: RawPath) throws(Failure) -> Int32? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw Failure(path: path, operation: "open", code: errno)
        }
        return descriptor
    }

    /// Replaces `path` with `bytes`, creating its folder (mode 0700: state is private).
    public static func replace(_ path: RawPath, with bytes: [UInt8], mode: mode_t = 0o600) throws(Failure) {
        try replace(path, withParts: [bytes[...]], mode: mode)
    }

    /// Replaces `path` with the parts one after the other, so that a large file made of parts
    /// (some of them slices of what was read from the file before) is not first copied into one.
    public static func replace(_ path: RawPath, withParts parts: [ArraySlice<UInt8>], mode: mode_t = 0o600)
        throws(Failure)
    {
        let folder = path.parent
        try makeDirectory(folder)
        var template = Array(folder.appending(".\(path.lastComponent.display).XXXXXX").bytes) + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) }
        }
        guard descriptor >= 0 else { throw Failure(path: folder, operation: "create a file in", code: errno) }
        let temporary = RawPath(bytes: template.dropLast())
        var failure: Failure?
        if fchmod(descriptor, mode) != 0 { failure = Failure(path: path, operation: "write", code: errno) }
        for bytes in parts {
            var offset = 0
            while failure == nil, offset < bytes.count {
                let written = bytes.withUnsafeBytes {
                    write(descriptor, $0.baseAddress! + offset, $0.count - offset)
                }
                if written < 0 && errno != EINTR {
                    failure = Failure(path: path, operation: "write", code: errno)
                }
                if written > 0 { offset += written }
            }
        }
        if failure == nil, fsync(descriptor) != 0 {
            failure = Failure(path: path, operation: "write", code: errno)
        }
        if close(descriptor) != 0, failure == nil {
            failure = Failure(path: path, operation: "write", code: errno)
        }
        if let failure {
            _ = temporary.withCString { unlink($0) }
            throw failure
        }
        let renamed = temporary.withCString { from in path.withCString { to in rename(from, to) } }
        guard renamed == 0 else {
            let code = errno
            _ = temporary.withCString { unlink($0) }
            throw Failure(path: path, operation: "replace", code: code)
        }
        let folderDescriptor = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Creates `folder` and its missing parents with mode 0700.
    public static func makeDirectory(_ folder: RawPath) throws(Failure) {
        var partial = RawPath(folder.isAbsolute ? "/" : "")
        for component in folder.components {
            partial = partial.appending(RawPath(bytes: component))
            if partial.withCString({ mkdir($0, 0o700) }) != 0 && errno != EEXIST {
                throw Failure(path: partial, operation: "create folder", code: errno)
            }
        }
    }
}
