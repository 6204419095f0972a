import CDWallyCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory under the system temporary directory, unique to one test, so tests
/// never meet. It is searchable by everyone (a thread with dropped file-system privileges
/// can still reach its entries). `remove()`, or the last reference going away, deletes it
/// with everything inside, names that are not UTF-8 included.
public final class TemporaryDirectory: Sendable {
    public let path: RawPath

    public init(prefix: String = "cdwally-test") throws {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw TestFailure("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        chmod(created, 0o755)
        path = RawPath(String(cString: created))
    }

    deinit { remove() }

    public var url: URL { URL(fileURLWithPath: path.display, isDirectory: true) }

    /// `name` inside the directory.
    public func child(_ name: String) -> RawPath { path.appending(name) }

    /// `name` inside the directory, as a file URL.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Deletes the directory tree; harmless when it is gone already.
    public func remove() {
        Self.removeTree(path)
    }

    /// Works on raw bytes, as FileManager cannot name files whose names are not UTF-8.
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
                    // A folder a test made unreadable still goes.
                    _ = child.withCString { chmod($0, 0o700) }
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
