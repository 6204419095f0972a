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
        // Read at the size it had when opened, into an array sized once: growing by doubling
        // held twice a 40 MB memo for a moment.
        guard let file = try OpenedFile(path) else { return nil }
        return try file.bytes(at: 0, count: file.size)
    }

    /// A part of a file being written: bytes, or bytes copied from a file held open (a part of
    /// the file being replaced, which need not be read into memory first).
    public enum Part {
        case bytes(ArraySlice<UInt8>)
        case copy(OpenedFile, offset: Int, count: Int)

        public var count: Int {
            switch self {
            case .bytes(let bytes): bytes.count
            case .copy(_, _, let count): count
            }
        }
    }

    /// Replaces `path` with `bytes`, creating its folder (mode 0700: state is private).
    public static func replace(_ path: RawPath, with bytes: [UInt8], mode: mode_t = 0o600) throws(Failure) {
        try replace(path, withParts: [.bytes(bytes[...])], mode: mode)
    }

    /// Replaces `path` with the parts one after the other, so that a large file made of parts
    /// (some of them copied from the file it replaces) is not first gathered into one array.
    /// `produce`, when given, makes the file's last bytes while it is written and hands them to
    /// its `write` a block at a time: a part too big to gather first (a memo's answer of 20 MB)
    /// is never held whole.
    public static func replace(
        _ path: RawPath, withParts parts: [Part],
        then produce: ((_ write: @escaping (UnsafeRawBufferPointer) -> Void) -> Void)? = nil,
        mode: mode_t = 0o600
    ) throws(Failure) {
        let folder = path.parent
        try makeDirectory(folder)
        // The writer's pid in the name: a file a cut left is known as a leftover
        // (`sweepLeftovers`), never taken for a live writer's.
        var template =
            Array(folder.appending(".\(path.lastComponent.display).\(getpid()).XXXXXX").bytes) + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) }
        }
        guard descriptor >= 0 else { throw Failure(path: folder, operation: "create a file in", code: errno) }
        let temporary = RawPath(bytes: template.dropLast())
        var failure: Failure?
        if fchmod(descriptor, mode) != 0 { failure = Failure(path: path, operation: "write", code: errno) }
        for part in parts where failure == nil {
            switch part {
            case .bytes(let bytes):
                failure = bytes.withUnsafeBytes { writeAll($0, to: descriptor, path: path) }
            case .copy(let file, let offset, let count):
                failure = copy(from: file, offset: offset, count: count, to: descriptor, path: path)
            }
        }
        if failure == nil, let produce {
            // A block after a failed write is not written: the file is given up.
            produce { block in
                if failure == nil { failure = writeAll(block, to: descriptor, path: path) }
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
        syncFolder(folder)
    }

    /// Fsyncs a folder, so that a rename in it is durable; best effort.
    static func syncFolder(_ folder: RawPath) {
        let descriptor = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Writes all of `bytes`; the failure, if any.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: RawPath)
        -> Failure?
    {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno != EINTR { return Failure(path: path, operation: "write", code: errno) }
            if written > 0 { offset += written }
        }
        return nil
    }

    /// Copies `count` bytes of `file` from `offset` a block at a time; a file that ends sooner
    /// is a failure, not a shorter part.
    private static func copy(
        from file: OpenedFile, offset: Int, count: Int, to descriptor: Int32, path: RawPath
    ) -> Failure? {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(count, 1 << 20), alignment: 1)
        defer { buffer.deallocate() }
        var copied = 0
        while copied < count {
            let block = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, count - copied)])
            let read: Int
            do { read = try file.read(into: block, at: offset + copied) } catch { return error }
            guard read == block.count else { return Failure(path: file.path, operation: "read", code: EIO) }
            if let failure = writeAll(UnsafeRawBufferPointer(block), to: descriptor, path: path) {
                return failure
            }
            copied += read
        }
        return nil
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
