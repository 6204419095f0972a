import CDWallyCore

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
        var bytes: [UInt8] = []
        // Sized once: growing by doubling held a 22 MB export's bytes one and a half times.
        bytes.reserveCapacity(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .playlistUnreadable(FileSystemError(path: path, operation: "read", code: errno))
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }
}
