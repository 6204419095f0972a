import CDWallyCore
import CDWallySystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the last search for CDs playlists looked and what it found, so that the next one can
/// stat the folders instead of listing them (docs/PRODUCT.md §8 lets the search remember where
/// the playlist was). Listing every folder was most of the time a `play N` took before its
/// first sound on a large library.
///
/// A file created, removed or renamed in a folder changes that folder's ctime, as does a
/// change of its permissions, and no program can set a ctime back; so when every folder the
/// walk visited still has the device, inode and ctime it had, the walk would list the same
/// folders and find the same playlists. Anything else (a folder gone or changed, a memo that
/// does not parse, another root) means a new walk. A memo is only written after a walk that
/// met no problem (problems are reported afresh by each walk) and whose folders all changed
/// at least `settle` before it started: a folder changed during the walk, or within the
/// timestamp granularity of its file system, could hide a change made after the listing.
///
/// The file, beside the index: `CDWPLAYLISTS 1\n`, then records of a kind byte, `D` (a
/// folder: device, inode and ctime in nanoseconds as 8 bytes each, little-endian) or `P` (a
/// playlist found), each followed by a 4-byte length and the path's bytes. The root comes
/// first, as a `D` record.
struct PlaylistSearchMemo: Equatable {
    struct Folder: Equatable {
        var path: RawPath
        var device: UInt64
        var inode: UInt64
        var changed: Int64
    }

    static let magic = Array("CDWPLAYLISTS 1\n".utf8)
    /// How long a folder must have been left alone before the walk for its listing to be kept.
    static let settle: Int64 = 3_000_000_000

    var folders: [Folder]
    var playlists: [RawPath]

    /// The memo of `root` in `file`, if it is one and nothing in it changed since.
    static func valid(in file: RawPath, root: RawPath) -> [RawPath]? {
        guard let bytes = try? AtomicFile.contents(of: file), let memo = PlaylistSearchMemo(bytes: bytes),
            memo.folders.first?.path == root,
            memo.folders.allSatisfy({ Folder.current($0.path) == $0 })
        else { return nil }
        return memo.playlists
    }

    /// The memo of a walk that started at `started` (nanoseconds since the epoch) and visited
    /// `folders` (the root first), or nil when one of them changed too recently to trust.
    static func after(walkStartedAt started: Int64, folders: [RawPath], playlists: [RawPath])
        -> PlaylistSearchMemo?
    {
        var seen: [Folder] = []
        for path in folders {
            guard let folder = Folder.current(path), folder.changed < started - settle else { return nil }
            seen.append(folder)
        }
        return PlaylistSearchMemo(folders: seen, playlists: playlists)
    }

    /// Writes the memo; a memo that cannot be written is only a slower next search.
    func save(to file: RawPath) {
        var bytes = Self.magic
        for folder in folders {
            bytes.append(UInt8(ascii: "D"))
            for number in [folder.device, folder.inode, UInt64(bitPattern: folder.changed)] {
                withUnsafeBytes(of: number.littleEndian) { bytes += $0 }
            }
            Self.append(folder.path, to: &bytes)
        }
        for playlist in playlists {
            bytes.append(UInt8(ascii: "P"))
            Self.append(playlist, to: &bytes)
        }
        try? AtomicFile.replace(file, with: bytes)
    }

    private static func append(_ path: RawPath, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(path.bytes.count).littleEndian) { bytes += $0 }
        bytes += path.bytes
    }

    init(folders: [Folder], playlists: [RawPath]) {
        self.folders = folders
        self.playlists = playlists
    }

    /// Parses a memo file; nil at the first thing out of place.
    init?(bytes: [UInt8]) {
        guard bytes.starts(with: Self.magic) else { return nil }
        var reader = ByteReader(bytes: bytes[Self.magic.count...])
        folders = []
        playlists = []
        while let kind = reader.byte() {
            switch kind {
            case UInt8(ascii: "D"):
                guard let device = reader.number(), let inode = reader.number(),
                    let changed = reader.number(),
                    let path = reader.path()
                else { return nil }
                folders.append(
                    Folder(path: path, device: device, inode: inode, changed: Int64(bitPattern: changed)))
            case UInt8(ascii: "P"):
                guard let path = reader.path() else { return nil }
                playlists.append(path)
            default:
                return nil
            }
        }
    }
}

extension PlaylistSearchMemo.Folder {
    /// The folder at `path` as `stat` sees it now (links followed, as the walk follows them).
    static func current(_ path: RawPath) -> Self? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        #if canImport(Darwin)
            let changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
            let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        return Self(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), changed: changed)
    }
}

/// Reads a memo's fields, refusing to read past its end.
private struct ByteReader {
    var bytes: ArraySlice<UInt8>

    mutating func byte() -> UInt8? { bytes.popFirst() }

    mutating func number() -> UInt64? {
        guard bytes.count >= 8 else { return nil }
        let value = bytes.prefix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        bytes = bytes.dropFirst(8)
        return value
    }

    mutating func path() -> RawPath? {
        guard bytes.count >= 4 else { return nil }
        let length = Int(bytes.prefix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        bytes = bytes.dropFirst(4)
        guard length > 0, bytes.count >= length else { return nil }
        defer { bytes = bytes.dropFirst(length) }
        return RawPath(bytes: Array(bytes.prefix(length)))
    }
}
