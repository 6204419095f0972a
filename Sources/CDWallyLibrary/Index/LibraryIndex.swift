import CDWallyCore
import CDWallySystem
import Foundation
import GRDB
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SQLite index of one library root (docs/PRODUCT.md §1): each audio file's size, mtime and
/// tags, and the keys that find its album or find it again after it moved.
///
/// Thread-safe: GRDB's `DatabasePool` serialises writers and lets readers run alongside, in
/// this process and across processes (WAL mode with a busy timeout), so a running player and
/// a `cdwally discs` in another terminal can share one index.
public final class LibraryIndex: Sendable {
    public let root: RawPath
    /// The cache folder asked for; a new opening tries it again.
    public let cacheDirectory: String
    /// The database file in use; ":memory:" for an index kept in memory.
    public let file: String
    /// Set when the cache folder could not be written and the index lives elsewhere.
    public let fallback: IndexFallback?
    /// Where the search for CDs playlists remembers the folders it listed
    /// (`PlaylistSearchMemo`): beside the index file, or nowhere for an index in memory.
    public var playlistMemo: RawPath? { besideFile(".playlists") }
    /// Where the last wallet is remembered (`WalletMemo`): beside the index file, or nowhere
    /// for an index in memory.
    public var walletMemo: RawPath? { besideFile(".wallet") }

    private func besideFile(_ suffix: String) -> RawPath? {
        file.hasSuffix(".sqlite3") ? RawPath(String(file.dropLast(".sqlite3".count)) + suffix) : nil
    }
    let pool: any DatabaseWriter
    /// The device and inode of the file as opened, to notice when it is no longer at its path.
    private let opened: (device: UInt64, inode: UInt64)?

    /// Opens (creating if needed) the index of `root` in `cacheDirectory`. A file that is not
    /// a usable database is a cache gone bad: it is removed and built again. A cache folder
    /// that cannot be written gives way to a private temporary folder, else to memory
    /// (`fallback` says so).
    public init(root: RawPath, cacheDirectory: String, logger: Logger = Logger(label: "cdwally.index"))
        throws(LibraryError)
    {
        self.root = root
        self.cacheDirectory = cacheDirectory
        let name = "/index-" + AlbumID(identityKey: root.display).rawValue + ".sqlite3"
        do throws(OpenFailure) {
            pool = try LibraryIndex.openFile(cacheDirectory + name, logger: logger)
            file = cacheDirectory + name
            fallback = nil
        } catch {
            let reason: String
            switch error {
            case .failed(let failure): throw failure
            case .notWritable(let why): reason = why
            }
            if let folder = IndexFallback.privateFolder(),
                let pool = try? LibraryIndex.openFile(folder + name, logger: logger)
            {
                self.pool = pool
                file = folder + name
                fallback = IndexFallback(wanted: cacheDirectory, reason: reason, used: folder)
            } else {
                do {
                    let queue = try DatabaseQueue()
                    try LibraryIndex.prepare(queue)
                    pool = queue
                } catch {
                    throw .index(file: ":memory:", reason: LibraryIndex.reason(error, file: ":memory:"))
                }
                file = ":memory:"
                fallback = IndexFallback(wanted: cacheDirectory, reason: reason, used: nil)
            }
        }
        opened = FileStatus.of(RawPath(file)).map { ($0.device, $0.inode) }
    }

    private enum OpenFailure: Error {
        /// The folder or the file cannot be written: another place will do.
        case notWritable(String)
        case failed(LibraryError)
    }

    private static func openFile(_ file: String, logger: Logger) throws(OpenFailure) -> DatabasePool {
        let folder = (file as NSString).deletingLastPathComponent
        if let reason = IndexFallback.whyNotWritable(folder) { throw .notWritable(reason) }
        func makeFolder() throws(OpenFailure) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .failed(.index(file: file, reason: LibraryIndex.reason(error, file: file)))
            }
        }
        try makeFolder()
        do {
            return try LibraryIndex.openPool(file, logger: logger)
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_CANTOPEN && !FileManager.default.fileExists(atPath: folder)
        {
            // The cache folder went away between its making and the open (a user, or another
            // command, clearing the cache): make it again, once.
            try makeFolder()
            do { return try LibraryIndex.openPool(file, logger: logger) } catch { throw failure(error, file) }
        } catch let error as DatabaseError where error.isDamage {
            LibraryIndex.markDamaged(file)
            do { return try LibraryIndex.openPool(file, logger: logger) } catch { throw failure(error, file) }
        } catch {
            throw failure(error, file)
        }
    }

    /// A file another user owns, or a read-only one, in a folder this user may write.
    private static func failure(_ error: any Error, _ file: String) -> OpenFailure {
        if let error = error as? DatabaseError,
            [.SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN].contains(error.resultCode)
        {
            return .notWritable(error.message ?? "\(error.resultCode)")
        }
        return .failed(.index(file: file, reason: LibraryIndex.reason(error, file: file)))
    }

    /// False once the file this index opened is no longer at its path: another process built
    /// the index afresh (after damage), or the user deleted it. What this one writes then
    /// goes where no other command looks, so a long-running process opens the index again.
    public var isCurrent: Bool {
        if file == ":memory:" { return true }
        guard let opened, let status = FileStatus.of(RawPath(file)) else { return false }
        return status.device == opened.device && status.inode == opened.inode
    }

    /// How long a command waits for another process's write to end before it gives up.
    private static let busyTimeout: TimeInterval = 30

    private static func openPool(_ file: String, logger: Logger) throws -> DatabasePool {
        // Two cdwally processes starting at once on a new index would race to set WAL mode
        // and run the migrations; a lock file makes the first one finish before the second looks.
        // Best effort: without the lock file (a read-only folder) the open goes on, as SQLite's
        // own locking still keeps the file whole.
        let lock = try? FileLock.waitingFor(RawPath(file + ".lock"))
        defer { lock?.release() }
        // Checked under the lock, so that of two processes only the first starts afresh.
        if FileManager.default.fileExists(atPath: file + damageMarker) {
            logger.warning("index \(file) was found damaged; building it again")
            remove(file)
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "cdwally.index"
        configuration.prepareDatabase { db in
            // The index can always be rebuilt from the files: durability of the last
            // transaction before a power cut is not worth an fsync per commit.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let pool = try DatabasePool(path: file, configuration: configuration)
        try prepare(pool)
        return pool
    }

    /// Brings the schema up to date, and empties an index whose derived keys are of an older
    /// version.
    private static func prepare(_ pool: any DatabaseWriter) throws {
        try IndexSchema.migrator.migrate(pool)
        try pool.write { db in
            let version = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'derivedKeys'")
            if version != IndexSchema.derivedKeysVersion {
                try db.execute(sql: "DELETE FROM track; DELETE FROM folder; DELETE FROM meta")
                try db.execute(
                    sql: "INSERT INTO meta (key, value) VALUES ('derivedKeys', ?)",
                    arguments: [IndexSchema.derivedKeysVersion])
            }
        }
    }

    /// Runs a read, turning database errors into `LibraryError`.
    func read<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try pool.read(body) } catch { throw failure(error) }
    }

    /// Runs a write transaction, turning database errors (a full disk among them) into
    /// `LibraryError`; the transaction is rolled back, so the index stays as it was.
    func write<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try pool.write(body) } catch { throw failure(error) }
    }

    /// Damage found in use (a page SQLite cannot make sense of) leaves a marker beside the
    /// file, so that the next opening of the index, in this process or another, starts afresh:
    /// the index is a cache of the files, and rebuilding it loses nothing.
    private func failure(_ error: any Error) -> LibraryError {
        guard let error = error as? DatabaseError, error.isDamage else {
            return .index(file: file, reason: LibraryIndex.reason(error, file: file))
        }
        LibraryIndex.markDamaged(file)
        return .indexDamaged(file: file, reason: error.message ?? "\(error.resultCode)")
    }

    private static let damageMarker = ".damaged"

    private static func markDamaged(_ file: String) {
        _ = FileManager.default.createFile(atPath: file + damageMarker, contents: nil)
    }

    /// Removes the database, its journal and shared memory, and the damage marker.
    private static func remove(_ file: String) {
        for suffix in ["-wal", "-shm", "", damageMarker] {
            try? FileManager.default.removeItem(atPath: file + suffix)
        }
        // The new index counts its generations from the start again: a remembered wallet keyed
        // by one of the old index's must not match one of the new's by chance.
        if file.hasSuffix(".sqlite3") {
            try? FileManager.default.removeItem(atPath: String(file.dropLast(".sqlite3".count)) + ".wallet")
        }
    }

    static func reason(_ error: any Error, file: String) -> String {
        if let error = error as? DatabaseError {
            // SQLite says SQLITE_FULL when a page finds no room, but a journal or shared-memory
            // file that cannot grow comes back as a bare I/O error: the free space tells which.
            if error.resultCode == .SQLITE_FULL || (error.resultCode == .SQLITE_IOERR && isAlmostFull(file)) {
                return "the disk is full; free some space and run the command again"
            }
            // Only past the busy timeout: SQLite's "database is locked" says nothing to a user.
            if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
                return
                    "another cdwally process kept the index busy for \(Int(busyTimeout)) s; run the command again"
            }
            return error.message ?? "\(error.resultCode)"
        }
        return (error as NSError).localizedDescription
    }

    /// True when the file system holding `file` has less than 1 MiB left for this user.
    private static func isAlmostFull(_ file: String) -> Bool {
        var info = statvfs()
        guard statvfs((file as NSString).deletingLastPathComponent, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 1 << 20
    }
}

extension DatabaseError {
    /// SQLite's words for a file that is not, or no longer, a sound database.
    fileprivate var isDamage: Bool { resultCode == .SQLITE_CORRUPT || resultCode == .SQLITE_NOTADB }
}

extension RawPath {
    /// The path as an SQLite BLOB: names are bytes, not text.
    var databaseValue: Data { Data(bytes) }

    init(databaseBytes data: Data) {
        self.init(bytes: data)
    }
}
