import CDWallyCore
import CDWallySystem
import Foundation

/// The last wallet built, kept beside the index, so that the next command with the same
/// playlist and an unchanged library reads it instead of resolving every line again. A CDs
/// playlist is usually small, but people point cdwally at an export of their whole library:
/// 200,000 lines took ten seconds to resolve, for every command.
///
/// It is trusted only while all of these still hold, or the wallet is resolved afresh:
/// - the same cdwally executable (`Key.program`: a new build may group or order differently)
///   and the same playlist path;
/// - the same index generation (any change to the index's tracks bumps it);
/// - every folder the resolution read, every audio file in those, and every folder it
///   listed for sibling discs, unchanged (`NodeStamp`): a file added, removed, renamed or
///   retagged in place changes one of them.
///
/// Then, with the same playlist bytes (`Key.digest`, SHA-256) and the same capacity, its
/// answer is the wallet. With the same playlist edited, or another capacity (albums added to
/// the export), the albums it found (`Found`) answer every line that names by its path a file
/// a line named before, and only the other lines are resolved (`LibraryService.resolveEdited`,
/// which says when it resolves every line instead). The memo then written keeps the stamps
/// and found albums as they were, with those of the lines just resolved after them: a
/// superset, which costs a few more `stat`s, until a change to the library makes the next
/// command resolve every line and write them anew.
///
/// It is only written when the resolution depended on nothing else: every entry was found at
/// its path as written, in the folder its file left, by a search of the whole tree, or nowhere
/// (`EntryRoute.isSettledByFoldersRead`: no link, no other case). An entry whose file is gone,
/// and whose folder no longer holds its album, depends on every folder of the tree (a file
/// added or retagged anywhere may be the one it meant), whose stamps the resolver then adds,
/// and on the deepest folder its path reached. An export of another machine's library is such
/// lines by the thousand, a few of them found by their tags or names. And every stamp settled
/// `PlaylistSearchMemo.settle` before the resolution started (a change within the file
/// system's timestamp granularity could hide behind an unchanged stamp).
///
/// The file: `CDWWALLET 5\n`; where the found albums start and where the answer starts; the
/// key; the count of stamps and the stamps (each folder followed by its files, named within
/// it); the count of found albums and a record of each; the answer, to the file's end
/// (`WalletMemo+Answer.swift`, `WalletMemo+Found.swift`), in `MemoBytes`' layout. A reader
/// reads the key and stamps, then the one part it needs: the answer of a 200,000-line export
/// is 20 MB, and so are its found albums, so neither is held whole (`MemoBytes.Records`), and
/// the answer, last, is written into the file as it is made.
struct WalletMemo {
    struct Key: Equatable {
        var program: NodeStamp?
        var playlist: RawPath
        var digest: [UInt8]
        var capacity: Int
        var generation: Int
    }

    /// What a command gets from the memo: the parts of `WalletReport` the playlist's
    /// resolution made.
    struct Answer {
        var encoding: M3UParser.Encoding
        var looksLikePlaylist: Bool
        var entries: WalletReport.EntryCounts
        var wallet: Wallet
    }

    /// What a resolution found, for resolving an edited playlist: each album a line named by
    /// its path as written, with those paths.
    struct Found {
        /// A file a line named.
        struct NamedFile {
            /// Its album's index in `picks`.
            var album: Int
            /// Its own number among the named files, from 0.
            var number: Int
        }

        /// Each album, as a line's pick (an array of it alone), made once: a whole-library
        /// export names each a dozen times or more.
        var picks: [[Album]] = []
        var named: [RawPath: NamedFile] = [:]
    }

    /// Items of the file (stamps, found albums) as written, and how many: a memo written after
    /// an edited playlist copies them and adds those of the lines it resolved.
    struct Part {
        var count = 0
        /// The items' bytes, in pieces written one after the other: chunks of a writer, and
        /// ranges of the memo read, copied from the file it had open (`OpenedFile`). A
        /// whole-library export's found albums are 20 MB, neither held nor copied in memory.
        var pieces: [AtomicFile.Part] = []

        var byteCount: Int { pieces.reduce(0) { $0 + $1.count } }

        /// This part's items followed by `other`'s. Stamps are read on from the folder the
        /// last one named, and every part of stamps starts with a folder's.
        func followed(by other: Part) -> Part {
            Part(count: count + other.count, pieces: pieces + other.pieces)
        }
    }

    /// What an earlier resolution leaves to the next one of an edited playlist.
    struct Earlier {
        var found: Found
        var stamps: Part
        var albums: Part
        /// The check of the stamps, on another thread while the playlist is parsed.
        let check: BlockingPool.Pending<Cover?>

        /// What the stamps cover once their check ends; nil when one of them changed, and
        /// nothing of this memo holds.
        func checked() -> Cover? { check.value() }
    }

    /// The folders a memo's stamps hold: all of them, and those with their files.
    struct Cover {
        var folders: Set<RawPath> = []
        var readFolders: Set<RawPath> = []

        /// `stamps`' folders, each with its files, that these stamps do not already cover.
        func uncovered(_ stamps: [NodeStamp]) -> [NodeStamp] {
            WalletMemo.folderGroups(stamps).filter { group in
                let folder = group[group.startIndex].path
                return !readFolders.contains(folder) && !(group.count == 1 && folders.contains(folder))
            }.flatMap { $0 }
        }
    }

    /// What a memo can still tell.
    enum Lookup {
        /// The wallet of this very playlist and capacity.
        case answer(Answer)
        /// Another playlist's or capacity's: the albums its lines found, with the stamps they
        /// depend on, all current.
        case found(Earlier)
    }

    static let magic = Array("CDWWALLET 5\n".utf8)
    /// The magic and the two offsets.
    private static let headerSize = magic.count + 2 * 8

    var key: Key
    var stamps: Part
    var answer: Answer
    var albums: Part

    /// What the memo at `path` can tell a resolution keyed `key`, if it is one and nothing it
    /// depends on changed. The key is compared before anything else is read, so a memo of
    /// another build, index or playlist costs little. The stamps, a hundred thousand `stat`s
    /// for an export, are checked on another thread meanwhile: for an answer, while it is
    /// read; for found albums, until the caller asks (`Earlier.checked()`), after parsing the
    /// edited playlist.
    ///
    /// The playlist's digest is asked of `digest` only once the memo is known to be of this
    /// build, playlist and index (and filled into `key`): a command with no memo to use, a
    /// cold one, reads its playlist once, for the resolution, and hashes those bytes.
    static func lookup(in path: RawPath, key: inout Key, digest: () -> [UInt8]?) -> Lookup? {
        // One opening for every part read, so that all come from one memo even when another
        // process writes a new one meanwhile.
        guard let file = try? OpenedFile(path),
            let header = try? file.bytes(at: 0, count: headerSize),
            var offsets = MemoBytes.Reader(header, magic: magic),
            let foundStart = offsets.integer(), let answerStart = offsets.integer(),
            headerSize <= foundStart, foundStart + 8 <= answerStart, answerStart <= file.size,
            let head = try? file.bytes(at: 0, count: foundStart),
            head.count == foundStart,
            var reader = MemoBytes.Reader(head, magic: magic),
            reader.skip(2 * 8),
            let stored = Key(from: &reader), stored.program == key.program,
            stored.playlist == key.playlist, stored.generation == key.generation,
            let count = reader.integer(), count >= 0,
            let digest = digest()
        else { return nil }
        key.digest = digest
        let stampsStart = foundStart - reader.remaining
        let exact = stored == key
        // Only an edited playlist's resolution needs to know what the stamps cover.
        let stamps = reader
        let check = BlockingPool.background.start { checkStamps(count, from: stamps, collecting: !exact) }
        if exact {
            // It runs to the file's end: a memo cut short or grown is not one.
            guard
                let bytes = try? file.bytes(at: answerStart, count: file.size - answerStart),
                bytes.count == file.size - answerStart,
                var part = MemoBytes.Reader(bytes, magic: []),
                let answer = Answer(from: &part), part.isAtEnd,
                check.value() != nil
            else { return nil }
            return .answer(answer)
        }
        var records = MemoBytes.Records(file, in: (foundStart + 8)..<answerStart)
        guard let bytes = try? file.bytes(at: foundStart, count: 8),
            var part = MemoBytes.Reader(bytes, magic: []),
            let albumCount = part.integer(),
            let found = Found(count: albumCount, from: &records), records.isAtEnd
        else { return nil }
        // The albums' part without its count, and the stamps, are copied as they are.
        return .found(
            Earlier(
                found: found,
                stamps: Part(
                    count: count, pieces: [.copy(file, offset: stampsStart, count: foundStart - stampsStart)]
                ),
                albums: Part(
                    count: found.picks.count,
                    pieces: [.copy(file, offset: foundStart + 8, count: answerStart - foundStart - 8)]),
                check: check))
    }

    /// Reads `count` stamps, all that is left of `reader`, and checks each against the file
    /// system; nil when one changed. With `collecting`, also the folders they hold, and those
    /// of them with their files. A folder is opened once and its files asked by name
    /// (`OpenedFolder`).
    private static func checkStamps(_ count: Int, from reader: MemoBytes.Reader, collecting: Bool) -> Cover? {
        var reader = reader
        var cover = Cover()
        var folder = RawPath("/")
        var opened: OpenedFolder?
        var folderIsRead = false
        for _ in 0..<count {
            guard let (stamp, name) = NodeStamp.read(from: &reader, in: folder) else { return nil }
            let status: FileStatus?
            if stamp.isDirectory {
                opened = OpenedFolder(stamp.path)
                status = opened?.status ?? FileStatus.of(stamp.path)
                folder = stamp.path
                folderIsRead = false
            } else if let name, let opened {
                status = opened.status(of: name)
            } else {
                status = FileStatus.of(stamp.path)
            }
            guard let status, NodeStamp(path: stamp.path, status: status) == stamp else { return nil }
            // A folder's files follow it, and are a hundred thousand in an export's memo.
            guard collecting else { continue }
            if stamp.isDirectory {
                cover.folders.insert(folder)
            } else if !folderIsRead {
                cover.readFolders.insert(folder)
                folderIsRead = true
            }
        }
        return reader.isAtEnd ? cover : nil
    }

    /// The stamps of what a resolution that started at `started` read: each folder in
    /// `folders` with the audio files in it, and each folder in `listed`; nil when one of them
    /// changed too recently to trust, or cannot be read. What the resolution's own listings saw
    /// (`snapshots`, `seen`) is taken as it was; only the rest is looked up now.
    static func stamps(
        folders: Set<RawPath>, listed: Set<RawPath>, snapshots: [RawPath: FolderSnapshot],
        seen: [RawPath: NodeStamp], startedAt started: Int64
    ) -> [NodeStamp]? {
        var stamps: [NodeStamp] = []
        for folder in folders.union(listed).sorted() {
            if folders.contains(folder) {
                guard let snapshot = snapshots[folder] ?? FolderSnapshot.current(folder) else { return nil }
                stamps.append(snapshot.folder)
                stamps += snapshot.files
            } else {
                guard let stamp = snapshots[folder]?.folder ?? seen[folder] ?? NodeStamp.current(folder)
                else {
                    return nil
                }
                stamps.append(stamp)
            }
        }
        let settled = started - PlaylistSearchMemo.settle
        return stamps.allSatisfy { $0.changed < settled } ? stamps : nil
    }

    /// Stamps cut into their folders' groups: a folder's stamp, then its files'.
    static func folderGroups(_ stamps: [NodeStamp]) -> [ArraySlice<NodeStamp>] {
        var groups: [ArraySlice<NodeStamp>] = []
        var start = stamps.startIndex
        while start < stamps.endIndex {
            let end = stamps[(start + 1)...].firstIndex(where: \.isDirectory) ?? stamps.endIndex
            groups.append(stamps[start..<end])
            start = end
        }
        return groups
    }

    /// Writes the memo; a memo that cannot be written is only a slower next command. The
    /// answer goes last, written into the file a chunk at a time as it is made.
    func save(to file: RawPath) {
        var head = MemoBytes.Writer(magic: [])
        key.append(to: &head)
        head.integer(stamps.count)
        var albumCount = MemoBytes.Writer(magic: [])
        albumCount.integer(albums.count)
        let foundStart = Self.headerSize + head.count + stamps.byteCount
        var header = MemoBytes.Writer(magic: Self.magic)
        header.integer(foundStart)
        header.integer(foundStart + albumCount.count + albums.byteCount)
        let answer = answer
        try? AtomicFile.replace(
            file, withParts: header.parts + head.parts + stamps.pieces + albumCount.parts + albums.pieces
        ) { write in
            var bytes = MemoBytes.Writer(flushingTo: write)
            answer.append(to: &bytes)
            bytes.flush()
        }
    }
}

extension WalletMemo.Part {
    /// The stamps as the memo writes them: each file named within the folder before it.
    init(stamps: [NodeStamp]) {
        var bytes = MemoBytes.Writer(magic: [])
        var folder = RawPath("/")
        for stamp in stamps {
            stamp.append(to: &bytes, in: folder)
            if stamp.isDirectory { folder = stamp.path }
        }
        self.init(count: stamps.count, pieces: bytes.parts)
    }
}

extension WalletMemo.Key {
    /// The key of `playlist`, whose bytes' SHA-256 is `digest`, as this executable reads it now.
    init(playlist: RawPath, digest: [UInt8], capacity: Int, generation: Int) {
        self.init(
            program: NodeStamp.executable(),
            playlist: playlist, digest: digest, capacity: capacity, generation: generation)
    }

    func append(to bytes: inout MemoBytes.Writer) {
        bytes.byte(program == nil ? 0 : 1)
        program?.append(to: &bytes)
        bytes.path(playlist)
        bytes.data(digest)
        bytes.integer(capacity)
        bytes.integer(generation)
    }

    init?(from reader: inout MemoBytes.Reader) {
        var program: NodeStamp?
        switch reader.byte() {
        case 0: program = nil
        case 1:
            guard let stamp = NodeStamp(from: &reader) else { return nil }
            program = stamp
        default: return nil
        }
        guard let playlist = reader.path(), let digest = reader.data(), let capacity = reader.integer(),
            let generation = reader.integer()
        else { return nil }
        self.init(
            program: program, playlist: playlist, digest: Array(digest), capacity: capacity,
            generation: generation)
    }
}
