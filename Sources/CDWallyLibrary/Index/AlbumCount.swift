import CDWallyCore
import CDWallySystem
import GRDB

/// The number of albums in the whole index, as `AlbumGrouper` would find them, without
/// grouping every track.
///
/// Grouping every track costs a scan of a large library a tenth of its time (each track's
/// key folded again, each album sorted). But the index already stores each file's album
/// identity key, made by `AlbumGrouper.identityKey`, and the grouper departs from one album
/// per key only where album folders and keys cross: a key in several album folders (copies,
/// namesakes, discs in sibling folders) or a folder holding several keys (a ripped
/// compilation, whose artists differ). So every other key counts as one album, and the
/// tracks of the few crossing ones are handed to `AlbumGrouper` itself.
enum AlbumCount {
    static func count(_ db: Database) throws -> Int {
        // Each file once, the first path in byte order: as LibraryIndex.allTracks keeps them.
        let rows = try Row.fetchCursor(
            db,
            sql: "SELECT path, folder, device, inode, albumKey FROM track WHERE problem IS NULL ORDER BY path"
        )
        var seen: Set<FileID> = []
        var roots: [String: Set<RawPath>] = [:]
        var paths: [String: [RawPath]] = [:]
        var lastFolder: [UInt8] = []
        var lastRoot = RawPath("")
        while let row = try rows.next() {
            guard seen.insert(IndexRecord.fileID(row)).inserted else { continue }
            let folder = RawPath(databaseBytes: row["folder"])
            if folder.bytes != lastFolder {
                lastFolder = folder.bytes
                lastRoot = AlbumGrouper.albumFolder(of: folder)
            }
            let key: String = row["albumKey"]
            roots[key, default: []].insert(lastRoot)
            paths[key, default: []].append(RawPath(databaseBytes: row["path"]))
        }
        var keysOfRoot: [RawPath: Set<String>] = [:]
        for (key, folders) in roots { for root in folders { keysOfRoot[root, default: []].insert(key) } }
        var albums = 0
        var crossing: [RawPath] = []
        for (key, folders) in roots {
            if folders.count == 1, let root = folders.first, keysOfRoot[root]?.count == 1 {
                albums += 1
            } else {
                crossing += paths[key] ?? []
            }
        }
        let statement = try db.cachedStatement(sql: "SELECT \(IndexRecord.columns) FROM track WHERE path = ?")
        let tracks = try crossing.sorted().compactMap { path in
            try Row.fetchOne(statement, arguments: [path.databaseValue]).map(IndexRecord.trackFile)
        }
        albums += AlbumGrouper.albums(from: tracks).count
        return albums
    }
}
