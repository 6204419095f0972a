import CDWallyCore
import CDWallySystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder held open, so that its entries' status is asked by name (`fstatat`) instead of
/// by a whole path each: the kernel then walks the folder's path once, not once per file,
/// which is half the cost of checking a hundred thousand files.
final class OpenedFolder {
    private let descriptor: Int32

    /// Opens the folder at `path`, links followed; nil when it is not a folder that can be
    /// opened (one that can be searched but not listed cannot: its entries are then asked by
    /// their paths).
    init?(_ path: RawPath) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The folder's own status.
    var status: FileStatus? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? FileStatus(info) : nil
    }

    /// The status of the entry `name` (one component), links followed, as `FileStatus.of`
    /// would give for the folder's path joined with `name`.
    func status(of name: RawPath) -> FileStatus? {
        var info = stat()
        return name.withCString { fstatat(descriptor, $0, &info, 0) } == 0 ? FileStatus(info) : nil
    }
}
