#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole files with plain system calls, which say why they failed (Foundation's
/// `createFile` only says that it did).
enum FileBytes {
    static func store(_ bytes: [UInt8], at path: String) throws(GeneratorError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
            written += result
        }
    }
}
