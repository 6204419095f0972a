import CDWallyCore
import CDWallySystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says of a file or folder, as much as tells that it is still the same: device,
/// inode, size and ctime. Creating, removing or renaming an entry of a folder changes the
/// folder's ctime, writing a file or changing its permissions changes the file's, and no
/// program can set a ctime back; so a node whose stamp is unchanged has not been touched.
struct NodeStamp: Equatable {
    var path: RawPath
    var device: UInt64
    var inode: UInt64
    var size: Int64
    /// The ctime, in nanoseconds since the epoch.
    var changed: Int64
    var isDirectory: Bool
}

extension NodeStamp {
    init(path: RawPath, status: FileStatus) {
        self.init(
            path: path, device: status.device, inode: status.inode, size: status.size,
            changed: status.changed,
            isDirectory: status.kind == .directory)
    }

    /// The node at `path` as `stat` sees it now (links followed); nil when it is gone.
    static func current(_ path: RawPath) -> NodeStamp? {
        FileStatus.of(path).map { NodeStamp(path: path, status: $0) }
    }

    /// This process's executable: its path as `/proc/self/exe` names it, its node as `stat`
    /// sees it through that link; nil when either fails. Not Foundation's `Bundle.main`, whose
    /// first use dies with SIGILL where the executable's folder cannot be read (a binary in a
    /// 0700 folder run as another user); the link needs no access to the folder.
    static func executable() -> NodeStamp? {
        let link = "/proc/self/exe"
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(link, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = RawPath(bytes: buffer[..<length].map { UInt8(bitPattern: $0) })
        return FileStatus.of(RawPath(link)).map { NodeStamp(path: path, status: $0) }
    }

    /// The wall clock in nanoseconds since the epoch, as ctimes are given.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// True when the node at the path is still this one, unchanged.
    var isCurrent: Bool { Self.current(path) == self }

    /// Writes the stamp; with `folder`, a node inside it is written by its name alone (a
    /// flag byte says which), which keeps a memo of a hundred thousand files small.
    func append(to bytes: inout MemoBytes.Writer, in folder: RawPath? = nil) {
        let named = folder.map { path.parent == $0 && !isDirectory } ?? false
        bytes.byte((isDirectory ? 2 : 0) | (named ? 1 : 0))
        bytes.number(device)
        bytes.number(inode)
        bytes.number(UInt64(bitPattern: size))
        bytes.number(UInt64(bitPattern: changed))
        bytes.path(named ? path.lastComponent : path)
    }

    /// Reads a stamp written by `append(to:in:)` with the same `folder`.
    init?(from reader: inout MemoBytes.Reader, in folder: RawPath? = nil) {
        guard let (stamp, _) = Self.read(from: &reader, in: folder) else { return nil }
        self = stamp
    }

    /// Reads a stamp written by `append(to:in:)` with the same `folder`, with the name it was
    /// written by when it was written inside `folder`.
    static func read(from reader: inout MemoBytes.Reader, in folder: RawPath?) -> (
        stamp: NodeStamp, name: RawPath?
    )? {
        guard let flags = reader.byte(), flags < 4, let device = reader.number(), let inode = reader.number(),
            let size = reader.number(), let changed = reader.number(), let written = reader.path()
        else { return nil }
        var path = written
        let isNamed = flags & 1 == 1
        if isNamed {
            guard let folder else { return nil }
            path = folder.appending(written)
        }
        let stamp = NodeStamp(
            path: path, device: device, inode: inode, size: Int64(bitPattern: size),
            changed: Int64(bitPattern: changed), isDirectory: flags & 2 == 2)
        return (stamp, isNamed ? written : nil)
    }
}
