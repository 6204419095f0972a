import CDWallyCore
import CDWallySystem
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

    /// Hands `body` each line of the file, without its line feed (a file ending in one has an
    /// empty last line), read a block at a time: an edited 22 MB export is parsed without
    /// being held. Gives the SHA-256 of all the bytes, and their first `headSize`.
    static func lines(of path: RawPath, headSize: Int, each body: (ArraySlice<UInt8>) -> Void)
        throws(LibraryError) -> (digest: [UInt8], head: [UInt8])
    {
        var hash = SHA256()
        var head: [UInt8] = []
        // The line read so far; most lines are copied here once, and it keeps its room.
        var line: [UInt8] = []
        try readBlocks(path) { raw in
            hash.update(bufferPointer: raw)
            let block = raw.assumingMemoryBound(to: UInt8.self)
            if head.count < headSize { head += block.prefix(headSize - head.count) }
            var start = 0
            while let base = block.baseAddress, start < block.count,
                let feed = memchr(base + start, 0x0A, block.count - start)
            {
                let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(feed))
                line += UnsafeBufferPointer(rebasing: block[start..<end])
                body(line[...])
                line.removeAll(keepingCapacity: true)
                start = end + 1
            }
            line += UnsafeBufferPointer(rebasing: block[start...])
        }
        body(line[...])
        return (Array(hash.finalize()), head)
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
