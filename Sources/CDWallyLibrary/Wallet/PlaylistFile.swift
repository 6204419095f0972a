import CDWallyCore
import Crypto

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a playlist file's bytes with plain system calls: the path may not be UTF-8.
enum PlaylistFile {
    /// The bytes of a regular file. Anything else is refused unread: opening a named pipe waits
    /// for a writer (so it is opened without waiting) and /dev/zero never ends.
    static func contents(of path: RawPath) throws(LibraryError) -> [UInt8] {
        var bytes: [UInt8] = []
        try readBlocks(path, sized: { bytes.reserveCapacity($0) }, each: { bytes += $0 })
        return bytes
    }

    /// The SHA-256 of the file's bytes, read a block at a time: a command that finds its
    /// answer in the wallet memo need not hold a 22 MB export to know it is unchanged.
    static func digest(of path: RawPath) throws(LibraryError) -> [UInt8] {
        var hash = SHA256()
        try readBlocks(path, each: { hash.update(bufferPointer: $0) })
        return Array(hash.finalize())
    }

    static func digest(of bytes: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: bytes))
    }

    /// Reads a regular file a block at a time, after telling `sized` its size.
    private static func readBlocks(
        _ path: RawPath, sized: (Int) -> Void = { _ in }, each body: (UnsafeRawBufferPointer) -> Void
    ) throws(LibraryError) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else {
            throw .playlistUnreadable(FileSystemError(path: path, operation: "open", code: errno))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .playlistUnreadable(FileSystemError(path: path, operation: "stat", code: errno))
        }
        let kind = FileStatus(info).kind
        guard kind == .regular else { throw .playlistNotAFile(path, kind: kind.name) }
        // Sized once: growing by doubling held a 22 MB export's bytes one and a half times.
        sized(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .playlistUnreadable(FileSystemError(path: path, operation: "read", code: errno))
            }
            if count == 0 { return }
            buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }
}
