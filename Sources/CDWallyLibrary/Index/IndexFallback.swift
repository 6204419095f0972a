import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the index went when its cache folder could not be written (docs/PRODUCT.md §8): a
/// read-only root on a Pi, a sandboxed unit. The index is only a cache of the files, so a
/// command goes on with one in a private temporary folder, or failing that in memory, and the
/// user is told once which folder failed and how to mend it.
public struct IndexFallback: Sendable, Equatable, CustomStringConvertible {
    /// The cache folder that could not be written.
    public var wanted: String
    /// The system's words for why.
    public var reason: String
    /// The private temporary folder now holding the index; nil when it is in memory.
    public var used: String?

    public var description: String {
        let instead =
            used.map { "using a temporary index in \($0) instead" }
            ?? "keeping the index in memory for this command (every command reads the tags again)"
        return "cannot write the index in \(wanted) (\(reason)); \(instead). "
            + "Make that folder writable, or set XDG_CACHE_HOME to a writable folder"
    }

    /// Why nothing can be written in `folder` (or in the nearest folder above it that exists,
    /// where it would be made), or nil when it can.
    static func whyNotWritable(_ folder: String) -> String? {
        var existing = folder
        while !FileManager.default.fileExists(atPath: existing) && existing != "/" && !existing.isEmpty {
            existing = (existing as NSString).deletingLastPathComponent
        }
        // access(2) says EROFS on a read-only mount even to root, who may write anywhere else.
        guard access(existing.isEmpty ? "." : existing, W_OK) != 0 else { return nil }
        return String(cString: strerror(errno))
    }

    /// `$TMPDIR/cdwally-<uid>-cache` (or under /tmp), made private to this user: a folder of
    /// that name made by anybody else, or a link, is not used.
    static func privateFolder() -> String? {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let folder = base + "/cdwally-\(getuid())-cache"
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { return nil }
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
            info.st_mode & 0o077 == 0, whyNotWritable(folder) == nil
        else { return nil }
        return folder
    }
}
