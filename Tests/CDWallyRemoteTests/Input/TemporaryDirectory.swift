import CDWallyCore
import Foundation
import Glibc
import TestSupport

/// A unique directory under the system temporary directory, searchable by everyone (so a
/// thread with dropped file-system privileges can reach its entries), removed on deinit.
final class TemporaryDirectory {
    let path: RawPath

    init(prefix: String = "cdwally-input") throws {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw TestFailure("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        path = RawPath(String(cString: made))
        chmod(made, 0o755)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path.display)
    }

    /// `name` inside the directory.
    func child(_ name: String) -> RawPath { path.appending(name) }

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
