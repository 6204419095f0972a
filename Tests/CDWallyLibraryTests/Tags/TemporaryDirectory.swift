import CDWallyCore
import Foundation

/// A fresh directory under the system temporary directory, unique to one test, removed
/// with everything in it (including names that are not UTF-8) by `remove()`.
struct TemporaryDirectory {
    let path: RawPath

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/cdwally-tags-XXXXXX").utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        path = RawPath(String(cString: created))
    }

    /// Copies a fixture into this directory under `name`, given as raw bytes so that the
    /// name need not be UTF-8.
    func copy(fixture: String, as name: RawPath) throws -> RawPath {
        let target = path.appending(name)
        let bytes = try Fixtures.bytes(fixture)
        let descriptor = target.withCString { open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw POSIXError(.EIO) }
        return target
    }

    func copy(fixture: String) throws -> RawPath {
        try copy(fixture: fixture, as: RawPath(fixture))
    }

    /// Deletes the directory tree. Works on raw bytes, as FileManager cannot name files
    /// whose names are not UTF-8.
    func remove() {
        Self.removeTree(path)
    }

    private static func removeTree(_ directory: RawPath) {
        if let stream = directory.withCString({ opendir($0) }) {
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
                if name == Array(".".utf8) || name == Array("..".utf8) { continue }
                let child = directory.appending(RawPath(bytes: name))
                var info = stat()
                let isDirectory =
                    child.withCString { lstat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
                if isDirectory {
                    removeTree(child)
                } else {
                    _ = child.withCString { unlink($0) }
                }
            }
            closedir(stream)
        }
        _ = directory.withCString { rmdir($0) }
    }
}
