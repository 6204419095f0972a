import CDWallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says about a path, following symbolic links: enough to tell whether a file
/// changed since it was indexed (size, mtime) and whether two paths are one file (device, inode).
public struct FileStatus: Sendable, Equatable {
    public enum Kind: Sendable {
        case regular, directory, namedPipe, socket, characterDevice, blockDevice, other

        /// What a user would call it, for a reason such as "a named pipe, not an audio file".
        public var name: String {
            switch self {
            case .regular: "a file"
            case .directory: "a folder"
            case .namedPipe: "a named pipe"
            case .socket: "a socket"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .other: "not a file"
            }
        }
    }

    public var kind: Kind
    public var size: Int64
    /// Modification time in nanoseconds since the epoch.
    public var modified: Int64
    /// Status-change time (ctime) in nanoseconds since the epoch: unlike the modification
    /// time, no program can set it back.
    public var changed: Int64
    public var device: UInt64
    public var inode: UInt64

    /// `stat(2)` of `path`; nil when it does not exist or cannot be reached.
    public static func of(_ path: RawPath) -> FileStatus? {
        var info = stat()
        let result = path.withCString { stat($0, &info) }
        guard result == 0 else { return nil }
        return FileStatus(info)
    }

    /// What one lookup of a path found: `lstat`, then `stat` only when the name is a link.
    public enum Lookup: Sendable {
        /// Links followed, as `of` gives it; `isLink` when the name itself is a symbolic link.
        case found(FileStatus, isLink: Bool)
        case failed(errno: Int32)

        public var status: FileStatus? {
            if case .found(let status, _) = self { status } else { nil }
        }

        public var isLink: Bool {
            if case .found(_, let isLink) = self { isLink } else { false }
        }

        /// The lookup failed for want of permission on a folder on its way: then nothing can
        /// be said about the file, not even that it is missing.
        public var isDenied: Bool {
            if case .failed(let code) = self { code == EACCES || code == EPERM } else { false }
        }
    }

    /// `path` looked up once: a playlist's line costs one `lstat` (and a `stat` for a link),
    /// where `of`, a denied check and a link check would cost three.
    public static func lookUp(_ path: RawPath) -> Lookup {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return .failed(errno: errno) }
        guard info.st_mode & S_IFMT == S_IFLNK else { return .found(FileStatus(info), isLink: false) }
        guard path.withCString({ stat($0, &info) }) == 0 else { return .failed(errno: errno) }
        return .found(FileStatus(info), isLink: true)
    }

    public init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFIFO: kind = .namedPipe
        case S_IFSOCK: kind = .socket
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        default: kind = .other
        }
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    public init(
        kind: Kind, size: Int64, modified: Int64, changed: Int64? = nil, device: UInt64, inode: UInt64
    ) {
        self.kind = kind
        self.size = size
        self.modified = modified
        self.changed = changed ?? modified
        self.device = device
        self.inode = inode
    }

    /// Same device and inode: the same file reached by two paths.
    public var fileID: FileID { FileID(device: device, inode: inode) }

    /// Whether the disk this file is on went away while it stays mounted: a USB stick pulled
    /// while a file of it was open, so that its unmount failed, still answers `stat` from the
    /// kernel's cache, but its block device has left `/sys/dev/block`. False for a file with
    /// no block device (NFS, FUSE, tmpfs: major 0), and where `/sys` is not there to ask.
    public var isOnVanishedDisk: Bool {
        // glibc's encoding of dev_t (`major(3)`, `minor(3)` are macros Swift does not import).
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let devices = RawPath("/sys/dev/block")
        guard major != 0, FileStatus.of(devices)?.kind == .directory else { return false }
        return FileStatus.of(devices.appending("\(major):\(minor)")) == nil
    }

    /// Whether the file at `path` may have gone with its disk rather than alone: it lies behind
    /// an automount point with nothing over it (told by the mount table, which asks no mount),
    /// it is on a disk that left (`isOnVanishedDisk`), or it is not there and neither is its
    /// folder (a disk unmounted, a share gone). A file missing from a folder that is there went
    /// alone. It may wait on a disk that does not answer: call it on the blocking pool.
    public static func mayHaveGoneWithItsDisk(_ path: RawPath) -> Bool {
        if MountTable.isBehindBareAutomountPoint(path) { return true }
        if let status = of(path) { return status.isOnVanishedDisk }
        return of(path.parent) == nil
    }
}

/// A file's identity on this machine, regardless of the path it was reached by.
public struct FileID: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
