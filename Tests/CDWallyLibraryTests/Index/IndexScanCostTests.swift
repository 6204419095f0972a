import CDWallyCore
import CDWallySystem
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

        let delta = try updater.refreshAll().delta
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

    @Test func theWritersBiggerCacheForAScanIsGivenBackAfterIt() throws {
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A", tracks: 3)
        let index = try LibraryIndex(root: RawPath(library.root), cacheDirectory: library.cache)
        func settings() throws -> [Int] {
            try index.write { db in
                [
                    try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0,
                    try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? 0,
                ]
            }
        }
        let before = try settings()
        _ = try IndexUpdater(index: index, progress: nil, batchSize: 2).refreshAll()
        #expect(try index.statistics().tracks == 3)
        #expect(try settings() == before)
        #expect(before == [-2000, 1000])
    }

    @Test func theAlbumCountAgreesWithTheGrouperOnEveryKindOfAlbum() throws {
        let library = try TestLibrary()
        try library.addAlbum("Plain", artist: "P", album: "Plain")
        // One album over two disc folders.
        try library.addAlbum("Set/CD1", artist: "S", album: "Set")
        try library.addAlbum("Set/CD2", artist: "S", album: "Set")
        // Namesakes and copies: each folder is an album of its own, dated or not, even in the
        // same year; and so is each folder of one MusicBrainz id.
        try library.addAlbum("Weezer/1994", artist: "Weezer", album: "Weezer", extraTags: ["DATE": "1994"])
        try library.addAlbum("Weezer/2001", artist: "Weezer", album: "Weezer", extraTags: ["DATE": "2001"])
        try library.addAlbum("Weezer/Undated", artist: "Weezer", album: "Weezer")
        try library.addAlbum("Same/A", artist: "Twin", album: "Twin", extraTags: ["DATE": "1990"])
        try library.addAlbum("Same/B", artist: "Twin", album: "Twin", extraTags: ["DATE": "1990"])

        let id = "0f5c0d0e-9d8e-4c1a-8b2d-3e4f5a6b7c8d"
        try library.addAlbum(
            "Id/First", artist: "I", album: "Id", extraTags: ["DATE": "1980", "MUSICBRAINZ_ALBUMID": id])
        try library.addAlbum(
            "Id/Second", artist: "I", album: "Id", extraTags: ["DATE": "1999", "MUSICBRAINZ_ALBUMID": id])
        // A compilation with no album artist, one per folder; untitled tracks, one per folder.
        for (number, artist) in ["X", "Y"].enumerated() {
            try library.add(
                "Mix/0\(number + 1).flac",
                tags: ["TITLE": artist, "ARTIST": artist, "ALBUM": "Mix", "COMPILATION": "1"])
            try library.add("Loose\(number)/song.flac", tags: ["TITLE": "Song", "ARTIST": "L"])
        }
        // Sibling folders holding discs 1 and 2 by tag are one album; so is a folder of one
        // title by several artists with neither album artist nor compilation tag.
        for (side, disc) in [("Left", "1"), ("Right", "2")] {
            try library.addAlbum(
                "Sides/\(side)", artist: "Z", album: "Sides", extraTags: ["DISCNUMBER": disc])
            try library.add(
                "Rips/\(disc).flac", tags: ["ARTIST": "R\(disc)", "ALBUM": "Rip", "TRACKNUMBER": disc])
        }
        // A folder reached a second time through a link counts once.
        try FileManager.default.createSymbolicLink(
            atPath: library.root + "/Again", withDestinationPath: library.root + "/Plain")

        let service = try library.service()
        let scan = try service.scan()
        let grouped = AlbumGrouper.albums(from: try service.index.allTracks()).count
        #expect(grouped == 14)
        #expect(scan.albums == grouped)
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
