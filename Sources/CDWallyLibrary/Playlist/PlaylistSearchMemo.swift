import CDWallyCore
import CDWallySystem

/// Where the last search for CDs playlists looked and what it found, so that the next one can
/// stat the folders instead of listing them (docs/PRODUCT.md §8 lets the search remember where
/// the playlist was). Listing every folder was most of the time a `play N` took before its
/// first sound on a large library.
///
/// When every folder the walk visited still has its `NodeStamp`, no entry was created,
/// removed or renamed in any of them, so the walk would list the same folders and find the
/// same playlists. Anything else (a folder gone or changed, a memo that
/// does not parse, another root) means a new walk. A memo is only written after a walk that
/// met no problem (problems are reported afresh by each walk) and whose folders all changed
/// at least `settle` before it started: a folder changed during the walk, or within the
/// timestamp granularity of its file system, could hide a change made after the listing.
///
/// The file, beside the index: `CDWPLAYLISTS 2\n`, then records of a kind byte, `D` (a
/// folder's `NodeStamp`) or `P` (a playlist found, its path), in `MemoBytes`' layout. The
/// root comes first, as a `D` record.
struct PlaylistSearchMemo: Equatable {
    static let magic = Array("CDWPLAYLISTS 2\n".utf8)
    /// How long a folder must have been left alone before the walk for its listing to be kept.
    static let settle: Int64 = 3_000_000_000

    var folders: [NodeStamp]
    var playlists: [RawPath]

    /// The memo of `root` in `file`, if it is one and nothing in it changed since.
    static func valid(in file: RawPath, root: RawPath) -> [RawPath]? {
        guard let bytes = try? AtomicFile.contents(of: file), let memo = PlaylistSearchMemo(bytes: bytes),
            memo.folders.first?.path == root,
            memo.folders.allSatisfy(\.isCurrent)
        else { return nil }
        return memo.playlists
    }

    /// The memo of a walk that started at `started` (nanoseconds since the epoch) and visited
    /// `folders` (the root first), or nil when one of them changed too recently to trust.
    static func after(walkStartedAt started: Int64, folders: [RawPath], playlists: [RawPath])
        -> PlaylistSearchMemo?
    {
        var seen: [NodeStamp] = []
        for path in folders {
            guard let folder = NodeStamp.current(path), folder.changed < started - settle else { return nil }
            seen.append(folder)
        }
        return PlaylistSearchMemo(folders: seen, playlists: playlists)
    }

    /// Writes the memo; a memo that cannot be written is only a slower next search.
    func save(to file: RawPath) {
        var bytes = MemoBytes.Writer(magic: Self.magic)
        for folder in folders {
            bytes.byte(UInt8(ascii: "D"))
            folder.append(to: &bytes)
        }
        for playlist in playlists {
            bytes.byte(UInt8(ascii: "P"))
            bytes.path(playlist)
        }
        try? AtomicFile.replace(file, with: bytes.bytes)
    }

    init(folders: [NodeStamp], playlists: [RawPath]) {
        self.folders = folders
        self.playlists = playlists
    }

    /// Parses a memo file; nil at the first thing out of place.
    init?(bytes: [UInt8]) {
        guard var reader = MemoBytes.Reader(bytes, magic: Self.magic) else { return nil }
        folders = []
        playlists = []
        while let kind = reader.byte() {
            switch kind {
            case UInt8(ascii: "D"):
                guard let folder = NodeStamp(from: &reader) else { return nil }
                folders.append(folder)
            case UInt8(ascii: "P"):
                guard let path = reader.path() else { return nil }
                playlists.append(path)
            default:
                return nil
            }
        }
    }
}
