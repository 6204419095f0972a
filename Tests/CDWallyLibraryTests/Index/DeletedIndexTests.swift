import CDWallyCore
import Foundation
import GRDB
import TestSupport
import Testing

@testable import CDWallyLibrary

/// An index deleted under a process that has it open (a user clearing `~/.cache` under a
/// running player): the new index another process builds at the same path must survive the old
/// one's closing: SQLite, closing the last connection of a WAL database, could remove its
/// journal and shared memory by name, which are by then the new index's.
@Suite struct DeletedIndexTests {
    private func write(_ index: LibraryIndex, _ value: String) throws {
        try index.pool.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('test', ?)", arguments: [value])
        }
    }

    @Test func theOldIndexClosingLeavesTheNewOnesFilesAlone() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let root = folder.path.appending("library")
        try FileManager.default.createDirectory(atPath: root.display, withIntermediateDirectories: true)
        let cache = folder.path.appending("cache").display
        var old: LibraryIndex? = try LibraryIndex(root: root, cacheDirectory: cache)
        try write(try #require(old), "old")
        let file = try #require(old?.file)

        try FileManager.default.removeItem(atPath: cache)
        let new = try LibraryIndex(root: root, cacheDirectory: cache)
        try write(new, "new")
        for suffix in ["-wal", "-shm"] { try #require(FileManager.default.fileExists(atPath: file + suffix)) }
        #expect(old?.isCurrent == false)

        // The old index's files, removed, are still open until it closes.
        #expect(Self.removedFilesOpen(in: cache).count == 3)
        old = nil
        #expect(Self.removedFilesOpen(in: cache).isEmpty)
        for suffix in ["-wal", "-shm"] {
            #expect(FileManager.default.fileExists(atPath: file + suffix), "\(suffix) of the new index")
        }
        // A third process opens the index the second still has open, and both go on.
        let third = try LibraryIndex(root: root, cacheDirectory: cache)
        try write(third, "third")
        try write(new, "new again")
        let value = try third.pool.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'test'")
        }
        #expect(value == "new again")
        #expect(try IndexDamage.integrityCheck(of: file) == ["ok"])
    }

    /// The files in `folder` this process holds open that are no longer at their paths.
    static func removedFilesOpen(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
        }
        .filter { $0.hasPrefix(folder + "/") && $0.hasSuffix(" (deleted)") }
    }
}
