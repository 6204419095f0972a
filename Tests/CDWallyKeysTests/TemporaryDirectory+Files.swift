import CDWallyCore
import Foundation
import Glibc
import TestSupport

/// Files of given modes for the input tests: device nodes that are not devices.
extension TemporaryDirectory {
    /// Creates a regular file with some bytes and the given mode; returns its path.
    @discardableResult
    func createFile(_ name: RawPath, mode: mode_t = 0o644) throws -> RawPath {
        let file = path.appending(name)
        try Self.writeFile(at: file, mode: mode)
        return file
    }

    @discardableResult
    func createFile(_ name: String, mode: mode_t = 0o644) throws -> RawPath {
        try createFile(RawPath(name), mode: mode)
    }

    /// Creates a regular file holding a line of text, with exactly `mode`.
    static func writeFile(at file: RawPath, mode: mode_t = 0o644) throws {
        let fd = file.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw TestFailure("cannot create \(file): \(String(cString: strerror(errno)))") }
        _ = "not an input device\n".withCString { write(fd, $0, strlen($0)) }
        close(fd)
        // open() applies the umask; set exactly what the test asked for.
        _ = file.withCString { chmod($0, mode) }
    }
}
