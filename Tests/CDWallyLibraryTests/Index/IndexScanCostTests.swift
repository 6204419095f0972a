import CDWallyCore
import Foundation
import GRDB
import TestSupport
import Testing

@testable import CDWallyLibrary

/// The parts of a scan that keep it cheap (BENCHMARKS.md): batches read while the previous
/// one is written, and an album count reused while the index has not changed.
@Suite struct IndexScanCostTests {
    @Test func batchesReadAheadAreAllCommittedInOrder() throws {
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A", tracks: 3)
        try library.addAlbum("B", artist: "B", album: "B", tracks: 3)
        try FileManager.default.copyItem(
            atPath: TestLibrary.fixtures + "/truncated.flac", toPath: library.root + "/B/04 broken.flac")
        let index = try LibraryIndex(root: RawPath(library.root), cacheDirectory: library.cache)
        let reported = LockedValue<[Int]>([])
        let updater = IndexUpdater(
            index: index, progress: { progress in reported.withLock { $0.append(progress.read) } },
            batchSize: 2)

        let (delta, _) = try updater.refreshAll()
        #expect(delta.added == 7)
        #expect(delta.failedReads == 1)
        #expect(reported.current == [2, 4, 6, 7])
        let statistics = try index.statistics()
        #expect(statistics.tracks == 6)
        #expect(statistics.unreadable == 1)
        let albums = AlbumGrouper.albums(
            from: try index.tracks(albumKeys: Set(try index.albumKeys(inside: index.root))))
        #expect(albums.map(\.trackCount) == [3, 3])
    }

    @Test func theAlbumCountIsReusedOnlyWhileTheIndexIsUnchanged() throws {
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        try library.addAlbum("B", artist: "B", album: "B")
        let service = try library.service()
        #expect(try service.scan().albums == 2)

        // A count stored for the current generation is what the next scan reports: proof that
        // an unchanged index is not grouped again.
        try service.index.pool.write { db in
            try db.execute(
                sql:
                    "UPDATE meta SET value = substr(value, 1, instr(value, ' ')) || '99' WHERE key = 'albumCount'"
            )
        }
        #expect(try service.scan().albums == 99)

        // Any change to the tracks, by a scan or by a wallet's refresh of a few folders, makes
        // the count stale; it is counted again.
        try library.addAlbum("C", artist: "C", album: "C")
        #expect(try service.scan().albums == 3)
        try library.add("D/01 D.flac", tags: ["TITLE": "D", "ARTIST": "D", "ALBUM": "D"])
        try library.playlist("D/01 D.flac\n")
        _ = try service.wallet(playlist: nil, capacity: 0, wholeTree: false)
        #expect(try service.albumCount() == 4)
        try FileManager.default.removeItem(atPath: library.root + "/A")
        #expect(try service.scan().albums == 3)
        #expect(try service.scan().albums == 3)
    }
}
