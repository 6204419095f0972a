import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyLibrary

/// The index on real files and a real SQLite database (docs/PRODUCT.md §1, §8).
@Suite struct IndexUpdateTests {
    @Test func incrementalScanReadsOnlyWhatChanged() throws {
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A", tracks: 3)
        try library.playlist("A/\n")
        let service = try library.service()
        let first = try service.scan()
        #expect(first.delta.added == 3)
        #expect(first.statistics.tracks == 3)
        #expect(first.albums == 1)

        // Untouched files are not read again. Proof: replace a file's bytes with garbage of the
        // same size and restore its mtime; a re-read would find it unreadable.
        let path = library.root + "/A/01 A 1.flac"
        try library.keepingModificationTime(of: path) {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            try Data(repeating: 0x41, count: size).write(to: URL(fileURLWithPath: path))
        }
        let untouched = try service.scan()
        #expect(untouched.delta == ScanDelta())
        #expect(untouched.statistics.unreadable == 0)
        #expect(try library.wallet().wallet.discs.first?.trackCount == 3)

        // Touched: it is read again (and now found unreadable, so it leaves its album).
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        let touched = try service.scan()
        #expect(touched.delta.changed == 1)
        #expect(touched.statistics.unreadable == 1)
        #expect(try library.wallet().wallet.discs.first?.trackCount == 2)

        // Retagged: the new title shows; deleted: it leaves the wallet.
        try library.add(
            "A/02 A 2.flac", tags: ["TITLE": "Renamed", "ARTIST": "A", "ALBUM": "A", "TRACKNUMBER": "2"])
        try FileManager.default.removeItem(atPath: library.root + "/A/03 A 3.flac")
        let report = try library.wallet()
        #expect(report.wallet.discs.first?.tracks.map(\.title) == ["Renamed"])
        let rescan = try service.scan()
        #expect(rescan.delta.removed == 0)  // the wallet's refresh already forgot it
        #expect(rescan.statistics.tracks == 1)
    }

    @Test func aColdWalletIndexesOnlyThePlaylistsFolders() throws {
        let library = try TestLibrary()
        try library.addAlbum("Wanted/CD1", artist: "W", album: "Wanted")
        try library.addAlbum("Wanted/CD2", artist: "W", album: "Wanted")
        for number in 1...5 { try library.addAlbum("Other/\(number)", artist: "O\(number)", album: "Other") }
        try library.playlist("Wanted/CD1/01 Wanted 1.flac\n")
        let service = try library.service()
        let report = try service.wallet(playlist: nil, capacity: 0, wholeTree: false)
        #expect(report.wallet.discs.first?.trackCount == 4)
        #expect(try service.index.statistics().tracks == 4)
        #expect(try service.index.statistics().lastFullScan == nil)
        // A missing entry needs the whole tree, once.
        try library.playlist("Wanted/CD1/01 Wanted 1.flac\n#EXTINF:1,O3 - Other 1\nOther/gone.flac\n")
        let resolved = try service.wallet(playlist: nil, capacity: 0, wholeTree: false)
        #expect(resolved.wallet.discs.count == 2)
        #expect(try service.index.statistics().tracks == 14)
        #expect(try service.index.statistics().lastFullScan != nil)
    }

    @Test func badFilesAreReportedAndNeverFatal() throws {
        let library = try TestLibrary()
        try library.addAlbum("Good", artist: "G", album: "Good")
        for name in ["truncated.flac", "empty.mp3", "not-audio.ogg"] {
            try FileManager.default.copyItem(
                atPath: TestLibrary.fixtures + "/" + name, toPath: library.root + "/Good/" + name)
        }
        // A name that is not UTF-8 (Latin-1 é), and a symbolic link loop.
        let latin1Name = RawPath(
            bytes: Array((library.root + "/Good/03 caf").utf8) + [0xE9] + Array(".flac".utf8))
        try FileManager.default.copyItem(
            atPath: library.root + "/Good/01 Good 1.flac", toPath: "/tmp/cdwally-copy-\(getpid())")
        defer { unlink("/tmp/cdwally-copy-\(getpid())") }
        _ = latin1Name.withCString { rename("/tmp/cdwally-copy-\(getpid())", $0) }
        try FileManager.default.createSymbolicLink(
            atPath: library.root + "/Good/loop", withDestinationPath: "..")
        try library.playlist("Good/\nGood/truncated.flac\nGood/empty.mp3\nGood/not-audio.ogg\n")

        let service = try library.service()
        let scan = try service.scan()
        #expect(scan.statistics.unreadable == 3)
        #expect(scan.statistics.tracks == 3)
        #expect(scan.delta.problems.contains { if case .loop = $0 { true } else { false } })
        let unreadable = try service.index.unreadableFiles().map { $0.path.lastComponent.display }
        #expect(unreadable.sorted() == ["empty.mp3", "not-audio.ogg", "truncated.flac"])

        let report = try library.wallet()
        #expect(report.wallet.discs.count == 1)
        let disc = try #require(report.wallet.discs.first)
        #expect(disc.trackCount == 3)
        #expect(disc.tracks.contains { $0.path == latin1Name })
        #expect(disc.tracks.contains { $0.title == "Good 1" })
        #expect(report.entries.unavailable.map(\.line) == [2, 3, 4])
        #expect(report.entries.unavailable.allSatisfy { $0.reason.hasPrefix("unreadable") })
    }

    @Test func aFileReachedTwiceCountsOnce() throws {
        let library = try TestLibrary()
        try library.addAlbum("Real/Album", artist: "R", album: "Album")
        try FileManager.default.createSymbolicLink(
            atPath: library.root + "/Link", withDestinationPath: library.root + "/Real")
        try library.playlist("Link/Album/01 Album 1.flac\nReal/Album/\n")
        let report = try library.wallet()
        #expect(report.wallet.discs.count == 1)
        #expect(report.wallet.discs.first?.trackCount == 2)
        let scan = try library.service().scan()
        #expect(scan.statistics.tracks == 2)
    }

    @Test func aDamagedIndexIsRebuilt() throws {
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        try library.playlist("A/\n")
        let file = try library.service().index.file
        try Data("this is not a database, it is a text file pretending".utf8).write(
            to: URL(fileURLWithPath: file))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
        #expect(try library.wallet().wallet.discs.first?.trackCount == 2)
        #expect(!FileManager.default.fileExists(atPath: file + ".damaged"))
    }

    @Test func twoServicesShareOneIndexAtOnce() async throws {
        let library = try TestLibrary()
        for number in 1...6 { try library.addAlbum("\(number)", artist: "A\(number)", album: "X", tracks: 3) }
        try library.playlist((1...6).map { "\($0)/" }.joined(separator: "\n"))
        let root = library.root
        let cache = library.cache
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    let service = try LibraryService(candidates: [(root, "test")], cacheDirectory: cache)
                    return try service.scan().statistics.tracks
                }
            }
            for try await tracks in group { #expect(tracks == 18) }
        }
    }
}
