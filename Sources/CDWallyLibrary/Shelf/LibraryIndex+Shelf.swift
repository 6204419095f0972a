import CDWallyCore
import GRDB

/// The album summary: one row per album of the whole index, in wallet order, for `cdwally
/// albums`, the web's Library and `add` (docs/PRODUCT.md §10).
///
/// Grouping every track of a large library takes a second or more, and a listing is asked for
/// far more often than the library changes. So the rows are written once per generation of the
/// index (every change to the track table bumps it) and read as they are until the next change:
/// after a scan, or by the first listing after one.
extension LibraryIndex {
    /// The albums with a word starting with each of `words` (folded, `AlbumSummary.matches`),
    /// in wallet order: `limit` of them from `offset`, and how many match in all.
    func shelf(matching words: [String], offset: Int = 0, limit: Int? = nil) throws(LibraryError) -> (
        total: Int, albums: [AlbumSummary]
    ) {
        try refreshShelf()
        return try read { db in
            let condition =
                words.isEmpty
                ? "" : "WHERE " + words.map { _ in "instr(searchText, ?) > 0" }.joined(separator: " AND ")
            let arguments = StatementArguments(words.map { " " + $0 })
            let total =
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM shelf \(condition)", arguments: arguments)
                ?? 0
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM shelf \(condition) ORDER BY rank LIMIT ? OFFSET ?",
                arguments: arguments + [limit ?? -1, offset])
            return (total, rows.map(Self.summary))
        }
    }

    /// The album with this id, if the index holds it.
    func shelfAlbum(id: AlbumID) throws(LibraryError) -> AlbumSummary? {
        try refreshShelf()
        return try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM shelf WHERE id = ?", arguments: [id.rawValue]).map(
                Self.summary)
        }
    }

    /// The albums of the folder nearest `path` that holds any: of a track's folder, of an album
    /// folder, of a disc folder's album (several when copies or namesakes share a folder).
    func shelfAlbums(holding path: RawPath) throws(LibraryError) -> [AlbumSummary] {
        try refreshShelf()
        return try read { db in
            var found: [AlbumSummary] = []
            var candidate = AlbumGrouper.albumFolder(of: path)
            while candidate.components.count > 1 {
                let rows = try Row.fetchAll(
                    db, sql: "SELECT * FROM shelf WHERE folder = ? ORDER BY rank",
                    arguments: [candidate.databaseValue])
                found = rows.map(Self.summary)
                if !found.isEmpty { break }
                candidate = candidate.parent
            }
            return found
        }
    }

    /// The rows' own format, beside the index's generation: a shelf written by an older
    /// cdwally (its search text folded without ø → o, æ → ae…, docs/PRODUCT.md §11) is written
    /// anew once.
    private static let shelfFormat = "letters"

    /// Writes the rows anew when the index changed since they were written.
    ///
    /// The tracks are read in the same snapshot as the generation they are stamped with, and
    /// rows are never replaced by older ones. While another writer changes the index (a
    /// player's first full index, a batch at a time), the rows still move on to the snapshot
    /// read: leaving them as they were made `add ID` miss an album listed a moment before.
    func refreshShelf() throws(LibraryError) {
        let read = try read { db -> (generation: Int, tracks: [TrackFile])? in
            let generation = try Self.generation(db)
            guard try Self.shelfGeneration(db) != generation else { return nil }
            return (generation, try Self.allTracks(db))
        }
        guard let (generation, tracks) = read else { return }
        let albums = WalletOrder.sorted(AlbumGrouper.albums(from: tracks, root: root))
        try write { db in
            // Another reader may have written rows as new as these, or newer, meanwhile.
            let current = try Self.generation(db)
            if let written = try Self.shelfGeneration(db), written >= generation, written <= current {
                return
            }
            try db.execute(sql: "DELETE FROM shelf")
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO shelf (rank, id, albumArtist, albumArtistSort, title, date, year, trackCount,
                        discCount, duration, folder, firstPath, firstDisc, firstTrack, firstTitle, firstArtist,
                        firstDuration, searchText)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for (rank, album) in albums.compactMap(AlbumSummary.init).enumerated() {
                let first = album.firstTrack
                try insert.execute(arguments: [
                    rank, album.id.rawValue, album.albumArtist, album.albumArtistSort, album.title,
                    album.date,
                    album.year, album.trackCount, album.discCount, album.duration, album.folder.databaseValue,
                    first.path.databaseValue, first.disc, first.track, first.title, first.artist,
                    first.duration,
                    album.searchText,
                ])
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('shelf', ?)",
                arguments: ["\(generation) \(Self.shelfFormat)"])
        }
    }

    /// The generation the rows were written at; nil when none were, or when an older format
    /// wrote them.
    private static func shelfGeneration(_ db: Database) throws -> Int? {
        guard let value = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'shelf'") else {
            return nil
        }
        let parts = value.split(separator: " ")
        guard parts.count == 2, parts[1] == shelfFormat else { return nil }
        return Int(parts[0])
    }

    private static func summary(_ row: Row) -> AlbumSummary {
        AlbumSummary(
            id: AlbumID(rawValue: row["id"]), albumArtist: row["albumArtist"],
            albumArtistSort: row["albumArtistSort"],
            title: row["title"], date: row["date"], year: row["year"], trackCount: row["trackCount"],
            discCount: row["discCount"], duration: row["duration"],
            folder: RawPath(databaseBytes: row["folder"]),
            firstTrack: AlbumTrack(
                path: RawPath(databaseBytes: row["firstPath"]), disc: row["firstDisc"],
                track: row["firstTrack"],
                title: row["firstTitle"], artist: row["firstArtist"], duration: row["firstDuration"]),
            searchText: row["searchText"])
    }
}
