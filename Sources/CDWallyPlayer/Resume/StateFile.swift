import CDWallyCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and atomically replaces small state files, by raw path.
///
/// A replacement goes to a temporary file in the same folder, is fsynced, renamed over the
/// old file and the folder fsynced, so a crash or power cut leaves either the old file or
/// the new one, never a mix. Failures carry `strerror` text for the one-line message.
enum StateFile {
    struct Failure: Error {
        var reason: String
    }

    /// The file's bytes, or nil when it does not exist.
    static func contents(of path: RawPath) throws(Failure) -> Data? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw Failure(reason: lastError())
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: lastError())
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Replaces `path` with `data` atomically, creating its folder (mode 0700) if needed.
    static func replace(_ path: RawPath, with data: Data) throws(Failure) {
        let directory = path.parent
        try makeDirectories(directory)
        var template = Array(directory.appending(".\(path.lastComponent.display).XXXXXX").bytes) + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) }
        }
        guard descriptor >= 0 else { throw Failure(reason: lastError()) }
        let temporary = RawPath(bytes: template.dropLast())
        var failure: Failure?
        do throws(Failure) {
            try writeAll(data, to: descriptor)
            if fsync(descriptor) != 0 { failure = Failure(reason: lastError()) }
        } catch {
            failure = error
        }
        if close(descriptor) != 0, failure == nil { failure = Failure(reason: lastError()) }
        if let failure {
            _ = temporary.withCString { unlink($0) }
            throw failure
        }
        let renamed = temporary.withCString { from in path.withCString { to in rename(from, to) } }
        guard renamed == 0 else {
            let reason = lastError()
            _ = temporary.withCString { unlink($0) }
            throw Failure(reason: reason)
        }
        // The rename is durable only once the folder's entry is on disk.
        let folder = directory.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) throws(Failure) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: lastError())
            }
            offset += written
        }
    }

    private static func makeDirectories(_ directory: RawPath) throws(Failure) {
        var partial = RawPath(directory.isAbsolute ? "/" : "")
        for component in directory.components {
            partial = partial.appending(RawPath(bytes: component))
            let status = partial.withCString { mkdir($0, 0o700) }
            if status != 0 && errno != EEXIST { throw Failure(reason: "\(partial.display): \(lastError())") }
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
