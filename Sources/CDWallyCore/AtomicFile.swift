#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes small state files so that a crash or power cut leaves either the old file or the
/// new one, never a torn mix (PRODUCT.md §5): write a temporary file in the same folder,
/// fsync it, rename it over the old one, fsync the folder.
public enum AtomicFile {
    public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var operation: String
        public var code: Int32

        public var description: String {
            let reason = code == ENOSPC ? "the disk is full" : String(cString: strerror(code))
            return "cannot \(operation) \(path): \(reason)"
        }
    }

    /// Replaces the file at `path` with `bytes`, creating its folder (mode 0700) if needed.
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o600) throws(WriteError) {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
            separator: "/")
        try makeDirectory(folder.isEmpty ? "/" : folder)
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw WriteError(path: temporary, operation: "create", code: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw WriteError(path: path, operation: "write", code: code)
            }
            written += count
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            unlink(temporary)
            throw WriteError(path: path, operation: "write", code: code)
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteError(path: path, operation: "replace", code: code)
        }
        let folderDescriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Creates `path` and its parents with mode 0700 (state is private).
    public static func makeDirectory(_ path: String) throws(WriteError) {
        var current = ""
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
                throw WriteError(path: current, operation: "create folder", code: errno)
            }
        }
    }

    /// The file's bytes, or nil when it does not exist or cannot be read.
    public static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return count == 0 ? bytes : nil }
            bytes += buffer[0..<count]
        }
    }
}
