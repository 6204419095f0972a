import CDWallyCore
import CDWallySystem
import Foundation
import GRDB

/// The look-ups that resolve playlist entries (docs/PRODUCT.md §2): the tracks an entry's album
/// may hold, and the candidates for an entry whose file is missing.
extension LibraryIndex {
    /// The readable tracks directly in one folder (`?`).
    private static let readableTracksInFolderSQL =
        "SELECT \(IndexRecord.columns) FROM track WHERE folder = ? AND problem IS NULL"

    /// Readable tracks whose album identity key is one of `keys` or that lie directly in one of
    /// `folders`, each file once (same device and inode reached by two paths counts once: the
    /// first path in byte order).
    func tracks(albumKeys keys: Set<String>, folders: Set<RawPath> = []) throws(LibraryError) -> [TrackFile] {
        guard !keys.isEmpty || !folders.isEmpty else { return [] }
        return try read { db in
            let byKey = try db.cachedStatement(
                sql: "SELECT \(IndexRecord.columns) FROM track WHERE albumKey = ? AND problem IS NULL")
            let byFolder = try db.cachedStatement(sql: Self.readableTracksInFolderSQL)
            var rows: [RawPath: Row] = [:]
            for key in keys {
                for row in try Row.fetchAll(byKey, arguments: [key]) {
                    rows[RawPath(databaseBytes: row["path"])] = row
                }
            }
            for folder in folders {
                for row in try Row.fetchAll(byFolder, arguments: [folder.databaseValue]) {
                    rows[RawPath(databaseBytes: row["path"])] = row
                }
            }
            var seen: Set<FileID> = []
            return rows.keys.sorted().compactMap { path in
                guard let row = rows[path], seen.insert(IndexRecord.recordFileID(row)).inserted else {
                    return nil
                }
                return IndexRecord.trackFile(row)
            }
        }
    }

    /// The readable tracks directly in each of `folders` that holds any, in one read.
    func tracks(inEachOf folders: Set<RawPath>) throws(LibraryError) -> [RawPath: [TrackFile]] {
        guard !folders.isEmpty else { return [:] }
        return try read { db in
            let byFolder = try db.cachedStatement(sql: Self.readableTracksInFolderSQL)
            var tracks: [RawPath: [TrackFile]] = [:]
            for folder in folders {
                let rows = try Row.fetchAll(byFolder, arguments: [folder.databaseValue])
                if !rows.isEmpty { tracks[folder] = rows.map(IndexRecord.trackFile) }
            }
            return tracks
        }
    }

    /// The path under which the file with this device and inode is indexed, when it is.
    func indexedPath(of file: FileID) throws(LibraryError) -> RawPath? {
        try read { db in
            try Data.fetchOne(
                db, sql: "SELECT path FROM track WHERE device = ? AND inode = ? ORDER BY path LIMIT 1",
                arguments: [Int64(bitPattern: file.device), Int64(bitPattern: file.inode)]
            ).map(RawPath.init(databaseBytes:))
        }
    }

    /// Readable files whose loose title (and artist, when given) match, in path order.
    func find(titleKey: String, artistKey: String?) throws(LibraryError) -> [IndexedTrack] {
        if let artistKey {
            return try indexedTracks(where: "titleKey = ? AND artistKey = ?", [titleKey, artistKey])
        }
        return try indexedTracks(where: "titleKey = ?", [titleKey])
    }

    /// Readable files whose loose file name (without extension and leading numbers) matches,
    /// in path order.
    func find(nameKey: String) throws(LibraryError) -> [IndexedTrack] {
        try indexedTracks(where: "nameKey = ?", [nameKey])
    }

    private func indexedTracks(where condition: String, _ arguments: StatementArguments) throws(LibraryError)
        -> [IndexedTrack]
    {
        try read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT \(IndexRecord.columns) FROM track WHERE \(condition) AND problem IS NULL ORDER BY path",
                arguments: arguments
            ).map { IndexedTrack(file: IndexRecord.trackFile($0), albumKey: $0["albumKey"]) }
        }
    }
}
