import Foundation
import GRDB

/// Damages a library index the way a bad sector would, where SQLite meets it only in use:
/// the root pages of the track table and of its indexes turn to noise, while the schema and
/// the small tables read at opening stay whole.
public enum IndexDamage {
    /// SQLite's own check of every page of the index: `["ok"]` when sound.
    public static func integrityCheck(of file: String) throws -> [String] {
        try DatabaseQueue(path: file).read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    public static func scrambleTrackPages(of file: String) throws {
        // Every page in the main file first, so that nothing is read from the journal instead.
        let (pageSize, roots) = try DatabaseQueue(path: file).inDatabase { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
            let roots = try Int.fetchAll(
                db, sql: "SELECT rootpage FROM sqlite_master WHERE tbl_name = 'track'")
            return (pageSize, roots)
        }
        guard !roots.isEmpty else { throw TestFailure("\(file) has no track table") }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        var generator = SystemRandomNumberGenerator()
        for root in roots {
            try handle.seek(toOffset: UInt64((root - 1) * pageSize))
            try handle.write(
                contentsOf: (0..<pageSize).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
    }
}
