import CDWallyCore
import CDWallySystem
import Foundation
import GRDB

/// What the index remembers of a file to decide whether to read it again. (Whether a file
/// changed since a wallet was built is `NodeStamp`'s, ctime included, for the memo and the
/// wallet watcher alike.)
struct IndexStamp: Sendable, Equatable {
    var size: Int64
    var modified: Int64
}

extension IndexStamp {
    init(_ status: FileStatus) {
        self.init(size: status.size, modified: status.modified)
    }
}

/// Counts over the whole index, for `scan` and `doctor`.
public struct IndexStatistics: Sendable, Equatable {
    public var tracks: Int
    public var unreadable: Int
    public var lastFullScan: Date?
}

extension LibraryIndex {
    /// The stamps of the files indexed directly in `folders`, or in the whole index for nil.
    func stamps(inFolders folders: [RawPath]?) throws(LibraryError) -> [RawPath: IndexStamp] {
        try read { db in
            var stamps: [RawPath: IndexStamp] = [:]
            func collect(_ rows: RowCursor) throws {
                while let row = try rows.next() {
                    stamps[RawPath(databaseBytes: row[0])] = IndexStamp(
                        size: row[1], modified: row[2])
                }
            }
            if let folders {
                let statement = try db.cachedStatement(
                    sql: "SELECT path, size, modified FROM track WHERE folder = ?")
                for folder in folders {
                    try collect(try Row.fetchCursor(statement, arguments: [folder.databaseValue]))
                }
            } else {
                try collect(try Row.fetchCursor(db, sql: "SELECT path, size, modified FROM track"))
            }
            return stamps
        }
    }

    /// Readies the writer for many batches of new rows: a page cache of 16 MiB instead of
    /// SQLite's 2 MiB, and a checkpoint every 10,000 pages of the write-ahead log instead of
    /// 1,000. Inserting rows spreads over every page of the album, title and name indexes; with
    /// the defaults a cold index of 100,000 tracks wrote each page of the database twenty times
    /// over (590,000 page writes for a 100 MB file) and read it back as often.
    func beginBulkWrite() throws(LibraryError) {
        try write { db in
            try db.execute(sql: "PRAGMA cache_size = -16384")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 10000")
        }
    }

    /// Puts the writer back as it was, and gives its cache's memory back: a player that
    /// indexed in the background plays on for hours.
    func endBulkWrite() {
        try? write { db in
            try db.execute(sql: "PRAGMA cache_size = -2000")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 1000")
            try db.execute(sql: "PRAGMA shrink_memory")
        }
    }

    /// Stores a batch of read files and forgets vanished ones, in one transaction. With
    /// `fullScan`, `folders` are all the folders of the tree: any other folder is forgotten,
    /// and the time of the full scan is recorded.
    func apply(
        saving records: [IndexRecord], removing removed: [RawPath], folders: [RawPath], fullScan: Date? = nil
    )
        throws(LibraryError)
    {
        guard !records.isEmpty || !removed.isEmpty || !folders.isEmpty || fullScan != nil else { return }
        try write { db in
            let upsert = try db.cachedStatement(sql: IndexRecord.upsertSQL)
            for record in records { try upsert.execute(arguments: record.arguments) }
            let delete = try db.cachedStatement(sql: "DELETE FROM track WHERE path = ?")
            for path in removed { try delete.execute(arguments: [path.databaseValue]) }
            if !records.isEmpty || !removed.isEmpty { try LibraryIndex.bumpGeneration(db) }
            let now = Int64(Date().timeIntervalSince1970)
            let folder = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO folder (path, indexed) VALUES (?, ?)")
            for path in folders { try folder.execute(arguments: [path.databaseValue, now]) }
            if let fullScan {
                let walked = Set(folders)
                let deleteFolder = try db.cachedStatement(sql: "DELETE FROM folder WHERE path = ?")
                for data in try Data.fetchAll(db, sql: "SELECT path FROM folder")
                where !walked.contains(RawPath(databaseBytes: data)) {
                    try deleteFolder.execute(arguments: [data])
                }
                try db.execute(
                    sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('lastFullScan', ?)",
                    arguments: [String(fullScan.timeIntervalSince1970)])
            }
        }
    }

    /// Every readable track, each file once (the first path in byte order): what
    /// `AlbumGrouper` groups into the albums `albumCount()` counts. Tests hold one to the other.
    func allTracks() throws(LibraryError) -> [TrackFile] {
        try read(LibraryIndex.allTracks)
    }

    static func allTracks(_ db: Database) throws -> [TrackFile] {
        let rows = try Row.fetchCursor(
            db, sql: "SELECT \(IndexRecord.columns) FROM track WHERE problem IS NULL ORDER BY path")
        var seen: Set<FileID> = []
        var files: [TrackFile] = []
        while let row = try rows.next() {
            if seen.insert(IndexRecord.recordFileID(row)).inserted {
                files.append(IndexRecord.trackFile(row))
            }
        }
        return files
    }

    /// How many albums the whole index holds (see `AlbumCount`).
    ///
    /// Even counted cheaply, it is the costliest part of a rescan that found no change, so
    /// the count is kept with the generation of the index it was made from (every change to
    /// the track table bumps it, in the same transaction) and reused while that still holds.
    func albumCount() throws(LibraryError) -> Int {
        let (generation, albums, counted) = try read { db -> (Int, Int, Bool) in
            let generation = try LibraryIndex.generation(db)
            if let text = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'albumCount'") {
                let parts = text.split(separator: " ").compactMap { Int($0) }
                if parts.count == 2, parts[0] == generation { return (generation, parts[1], false) }
            }
            return (generation, try AlbumCount.count(db), true)
        }
        guard counted else { return albums }
        try write { db in
            // Another process may have changed the index meanwhile: then this count is stale.
            guard try LibraryIndex.generation(db) == generation else { return }
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('albumCount', ?)",
                arguments: ["\(generation) \(albums)"])
        }
        return albums
    }

    /// The index's generation: every change to the track table bumps it.
    func currentGeneration() throws(LibraryError) -> Int {
        try read { try LibraryIndex.generation($0) }
    }

    static func generation(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'generation'") ?? 0
    }

    private static func bumpGeneration(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO meta (key, value) VALUES ('generation', '1')
                ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1
                """)
    }

    /// The album key of an indexed file, or why it is unreadable; nil when not indexed.
    func entry(at path: RawPath) throws(LibraryError) -> Result<String, IndexedProblem>? {
        try entries(at: [path])[path]
    }

    /// `entry(at:)` for many paths in one read: a playlist of many lines pays for one
    /// transaction, not one per line. Paths that are not indexed are left out.
    func entries(at paths: [RawPath]) throws(LibraryError) -> [RawPath: Result<String, IndexedProblem>] {
        guard !paths.isEmpty else { return [:] }
        return try read { db in
            let statement = try db.cachedStatement(sql: "SELECT albumKey, problem FROM track WHERE path = ?")
            var found: [RawPath: Result<String, IndexedProblem>] = [:]
            for path in paths where found[path] == nil {
                guard let row = try Row.fetchOne(statement, arguments: [path.databaseValue]) else { continue }
                if let problem: String = row["problem"] {
                    found[path] = .failure(IndexedProblem(reason: problem))
                } else {
                    found[path] = .success(row["albumKey"])
                }
            }
            return found
        }
    }

    /// Album keys of the readable tracks in `directory` or below it, in path order.
    func albumKeys(inside directory: RawPath) throws(LibraryError) -> [String] {
        var below = directory.bytes
        if below.last != UInt8(ascii: "/") { below.append(UInt8(ascii: "/")) }
        var after = below
        after[after.count - 1] = UInt8(ascii: "/") + 1
        return try read { db in
            let keys = try String.fetchAll(
                db,
                sql: """
                    SELECT albumKey FROM track
                    WHERE problem IS NULL AND (folder = ? OR (folder >= ? AND folder < ?))
                    ORDER BY path
                    """,
                arguments: [directory.databaseValue, Data(below), Data(after)])
            var seen: Set<String> = []
            return keys.filter { seen.insert($0).inserted }
        }
    }

    public func statistics() throws(LibraryError) -> IndexStatistics {
        try read { db in
            // One pass over the table: COUNT(problem) counts the rows that have one.
            let counts = try Row.fetchOne(db, sql: "SELECT COUNT(*), COUNT(problem) FROM track")
            let unreadable: Int = counts?[1] ?? 0
            let tracks = (counts?[0] ?? 0) - unreadable
            let scan = try Double.fetchOne(
                db, sql: "SELECT CAST(value AS REAL) FROM meta WHERE key = 'lastFullScan'")
            return IndexStatistics(
                tracks: tracks, unreadable: unreadable,
                lastFullScan: scan.map(Date.init(timeIntervalSince1970:)))
        }
    }

    /// Unreadable files and why, in path order, for `doctor`.
    public func unreadableFiles() throws(LibraryError) -> [(path: RawPath, reason: String)] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT path, problem FROM track WHERE problem IS NOT NULL ORDER BY path"
            )
            .map { (RawPath(databaseBytes: $0["path"]), $0["problem"]) }
        }
    }
}

/// Why an indexed file is not part of any album.
struct IndexedProblem: Error, Sendable {
    var reason: String
}
