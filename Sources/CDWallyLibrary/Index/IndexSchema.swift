import GRDB

/// The index's tables and their migrations. The index is a cache: a version of the derived
/// keys that no longer matches the code empties the track table, and the next scan refills it.
enum IndexSchema {
    /// Bump when `AlbumGrouper.identityKey` or the loose keys change meaning.
    static let derivedKeysVersion = "2"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE track (
                        path BLOB PRIMARY KEY NOT NULL,
                        folder BLOB NOT NULL,
                        size INTEGER NOT NULL,
                        modified INTEGER NOT NULL,
                        device INTEGER NOT NULL,
                        inode INTEGER NOT NULL,
                        problem TEXT,
                        title TEXT, artist TEXT, album TEXT, albumArtist TEXT, albumArtistSort TEXT,
                        trackNumber INTEGER, discNumber INTEGER, date TEXT, originalDate TEXT,
                        musicBrainzAlbumID TEXT, compilation INTEGER NOT NULL DEFAULT 0, copyright TEXT,
                        replayGainAlbum REAL, replayGainTrack REAL, duration REAL NOT NULL DEFAULT 0,
                        albumKey TEXT, titleKey TEXT, artistKey TEXT, nameKey TEXT
                    ) WITHOUT ROWID;
                    CREATE INDEX track_folder ON track(folder);
                    CREATE INDEX track_album ON track(albumKey);
                    CREATE INDEX track_title ON track(titleKey);
                    CREATE INDEX track_name ON track(nameKey);
                    CREATE TABLE folder (path BLOB PRIMARY KEY NOT NULL, indexed INTEGER NOT NULL) WITHOUT ROWID;
                    CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                    """)
        }
        // A playlist entry may name a file by another path than the one indexed (a symbolic
        // link): it is looked up by device and inode (docs/PRODUCT.md §8).
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "CREATE INDEX track_file ON track(device, inode)")
        }
        // The album summary (`LibraryIndex+Shelf`): every album in wallet order, rebuilt from the
        // track table when its generation is not the index's.
        migrator.registerMigration("v3") { db in
            try db.execute(
                sql: """
                    CREATE TABLE shelf (
                        rank INTEGER PRIMARY KEY NOT NULL,
                        id TEXT NOT NULL,
                        albumArtist TEXT NOT NULL, albumArtistSort TEXT, title TEXT NOT NULL,
                        date TEXT, year INTEGER,
                        trackCount INTEGER NOT NULL, discCount INTEGER NOT NULL, duration REAL NOT NULL,
                        folder BLOB NOT NULL,
                        firstPath BLOB NOT NULL, firstDisc INTEGER NOT NULL, firstTrack INTEGER,
                        firstTitle TEXT NOT NULL, firstArtist TEXT NOT NULL, firstDuration REAL NOT NULL,
                        searchText TEXT NOT NULL
                    );
                    CREATE INDEX shelf_id ON shelf(id);
                    """)
        }
        return migrator
    }
}
