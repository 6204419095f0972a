import CDWallyCore
import CDWallySystem
import Crypto
import Foundation

/// The last wallet built, kept beside the index, so that the next command with the same
/// playlist and an unchanged library reads it instead of resolving every line again. A CDs
/// playlist is usually small, but people point cdwally at an export of their whole library:
/// 200,000 lines took ten seconds to resolve, for every command.
///
/// It answers only while all of these still hold, or the wallet is resolved afresh:
/// - the same cdwally executable (`Key.program`: a new build may group or order differently);
/// - the same playlist path and bytes (`Key.digest`, SHA-256), and the same capacity;
/// - the same index generation (any change to the index's tracks bumps it);
/// - every folder the resolution read, every audio file in those, and every folder it
///   listed for sibling discs, unchanged (`NodeStamp`): a file added, removed, renamed or
///   retagged in place changes one of them.
///
/// It is only written when the resolution depended on nothing else: every entry was found at
/// its path as written (no link, no other case, no search of the whole tree for a moved
/// file: those read more of the library than these stamps cover), and every stamp settled
/// `PlaylistSearchMemo.settle` before the resolution started (a change within the file
/// system's timestamp granularity could hide behind an unchanged stamp).
///
/// The file: `CDWWALLET 1\n`, the key, the count of stamps and the stamps (each folder
/// followed by its files, named within it), then the answer (`WalletMemo+Answer.swift`), in
/// `MemoBytes`' layout.
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

    static let magic = Array("CDWWALLET 1\n".utf8)

    var key: Key
    var stamps: [NodeStamp]
    var answer: Answer

    /// The answer remembered in `file` for `key`, if the memo is one and nothing it depends on
    /// changed. The key is compared before the stamps are checked, and the stamps before the
    /// answer is read, so a memo of another playlist costs little.
    static func valid(in file: RawPath, key: Key) -> Answer? {
        guard let bytes = try? AtomicFile.contents(of: file),
            var reader = MemoBytes.Reader(bytes, magic: magic),
            Key(from: &reader) == key,
            let count = reader.integer(), count >= 0
        else { return nil }
        var folder = RawPath("/")
        for _ in 0..<count {
            guard let stamp = NodeStamp(from: &reader, in: folder), stamp.isCurrent else { return nil }
            if stamp.isDirectory { folder = stamp.path }
        }
        guard let answer = Answer(from: &reader), reader.isAtEnd else { return nil }
        return answer
    }

    /// The stamps of what a resolution that started at `started` read: each folder in
    /// `folders` with the audio files in it, and each folder in `listed`; nil when one of them
    /// changed too recently to trust, or cannot be read.
    static func stamps(folders: Set<RawPath>, listed: Set<RawPath>, startedAt started: Int64)
        -> [NodeStamp]?
    {
        var stamps: [NodeStamp] = []
        for folder in folders.union(listed).sorted() {
            guard let stamp = NodeStamp.current(folder) else { return nil }
            stamps.append(stamp)
            guard folders.contains(folder) else { continue }
            guard
                let listing = try? DirectoryListing.read(folder, statFile: AudioFileTypes.isAudio(fileName:))
            else { return nil }
            for file in listing.files where AudioFileTypes.isAudio(file.path) {
                guard let status = file.status else { return nil }
                stamps.append(NodeStamp(path: file.path, status: status))
            }
        }
        let settled = started - PlaylistSearchMemo.settle
        return stamps.allSatisfy { $0.changed < settled } ? stamps : nil
    }

    /// Writes the memo; a memo that cannot be written is only a slower next command.
    func save(to file: RawPath) {
        var bytes = MemoBytes.Writer(magic: Self.magic)
        key.append(to: &bytes)
        bytes.integer(stamps.count)
        var folder = RawPath("/")
        for stamp in stamps {
            stamp.append(to: &bytes, in: folder)
            if stamp.isDirectory { folder = stamp.path }
        }
        answer.append(to: &bytes)
        try? AtomicFile.replace(file, with: bytes.bytes)
    }
}

extension WalletMemo.Key {
    /// The key of `playlist`, whose bytes are `bytes`, as this executable reads it now.
    init(playlist: RawPath, bytes: [UInt8], capacity: Int, generation: Int) {
        self.init(
            program: Bundle.main.executablePath.flatMap { NodeStamp.current(RawPath($0)) },
            playlist: playlist, digest: Array(SHA256.hash(data: bytes)), capacity: capacity,
            generation: generation)
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
