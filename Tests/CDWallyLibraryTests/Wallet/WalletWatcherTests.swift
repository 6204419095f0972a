import CDWallyCore
import CDWallySystem
import Foundation
import Logging
import TestSupport
import Testing

@testable import CDWallyLibrary

/// The watcher leaves a starting player alone for a while, then indexes the whole library
/// and follows the wallet (docs/PRODUCT.md §1, §4).
@Suite struct WalletWatcherTests {
    @Test func beforeTheDelayOnlyTheWalletsOwnFilesAreFollowed() async throws {
        let (library, service, initial) = try Self.albumsAAndB()
        let (watcher, seen) = try Self.watch(
            service, initial, indexAfter: .seconds(60), interval: .milliseconds(100))
        defer { watcher.stop() }
        try library.playlist("A/01 A 1.flac\nB/01 B 1.flac\n")
        #expect(await eventually { seen.current.last == 2 })
        // Only the playlist's folders were read: the whole library waits for its turn.
        #expect(try service.index.statistics().lastFullScan == nil)
    }

    /// `cp -p` over the playlist: the same size, the modification time put back. Only its
    /// ctime tells, as it tells the wallet memo: one rule for "unchanged".
    @Test func aPlaylistRewrittenWithItsSizeAndTimeKeptIsNoticed() async throws {
        let (library, service, initial) = try Self.albumsAAndB()
        let (watcher, seen) = try Self.watch(
            service, initial, indexAfter: .seconds(60), interval: .milliseconds(100))
        defer { watcher.stop() }
        let playlist = library.root + "/CDs.m3u8"
        #expect(try Data(contentsOf: URL(fileURLWithPath: playlist)).count == "A/01 A 1.flac\n".utf8.count)
        try await Task.sleep(for: .milliseconds(300))
        try library.keepingModificationTime(of: playlist) { try library.playlist("B/01 B 1.flac\n") }
        #expect(await eventually { seen.current == [1] })
        #expect(
            try service.wallet(playlist: nil, capacity: 0, wholeTree: false).wallet.discs.map(\.title) == [
                "B"
            ])
    }

    /// The web's Add and Remove write the playlist and nudge the watcher, which looks at once
    /// rather than at its next turn.
    @Test func aNudgeLooksAtThePlaylistsAtOnce() async throws {
        let (library, service, initial) = try Self.albumsAAndB()
        let seen = LockedValue<[Int]>([])
        let watcher = WalletWatcher()
        try watcher.start(
            service: service, playlist: nil, capacity: 0, initial: initial, indexAfter: .seconds(60),
            interval: .seconds(60), playlistInterval: .seconds(60), logger: Logger(label: "test")
        ) { report in seen.withLock { $0.append(report.wallet.discs.count) } }
        defer { watcher.stop() }
        try library.playlist("A/01 A 1.flac\nB/01 B 1.flac\n")
        try await Task.sleep(for: .milliseconds(500))
        #expect(seen.current.isEmpty)
        watcher.nudge()
        #expect(await eventually(timeout: .seconds(5)) { seen.current == [2] })
    }

    @Test func aTrackRetaggedInPlaceIsNoticedInTurns() async throws {
        let (library, service, initial) = try Self.albumsAAndB()
        // One track a check: the retagged one is the second in the wallet, so a check that
        // never moved on from the first would never see it.
        let (watcher, seen) = try Self.watch(
            service, initial, indexAfter: .seconds(60), interval: .milliseconds(100), tracksPerCheck: 1)
        defer { watcher.stop() }
        try await Task.sleep(for: .milliseconds(300))
        #expect(seen.current.isEmpty)
        // Written in place by TagLib: the folder itself does not change.
        try TagWriter().write(
            TrackTags(title: "Retagged, with a much longer title than before", artist: "A", album: "A"),
            to: RawPath(library.root + "/A/02 A 2.flac"))
        #expect(await eventually { seen.current == [1] })
    }

    @Test func afterTheDelayItIndexesEverythingAndFollowsThePlaylist() async throws {
        let (library, service, initial) = try Self.albumsAAndB()
        let (watcher, seen) = try Self.watch(
            service, initial, indexAfter: .milliseconds(200), interval: .milliseconds(100))
        defer { watcher.stop() }

        #expect(try await eventually { try service.index.statistics().lastFullScan != nil })
        #expect(try service.index.statistics().tracks == 4)
        try library.playlist("A/01 A 1.flac\nB/01 B 1.flac\n")
        #expect(await eventually { seen.current.last == 2 })
    }

    @Test func aDamagedIndexIsBuiltAgainAndTheWalletFollowsOn() async throws {
        let library = try TestLibrary()
        for name in ["A", "B", "C"] { try library.addAlbum(name, artist: name, album: name) }
        try library.playlist("A/\n")
        let initial = try library.wallet(wholeTree: true)
        let file = try library.service().index.file
        try IndexDamage.scrambleTrackPages(of: file)
        let service = try library.service()
        let (watcher, seen) = try Self.watch(
            service, initial, indexAfter: .seconds(60), interval: .milliseconds(100))
        defer { watcher.stop() }

        // Refreshing for the new playlist meets the damage; the watcher builds the index
        // again, in full, and the new wallet comes from it.
        try library.playlist("A/\nB/\nC/\n")
        #expect(await eventually { seen.current.last == 3 })
        #expect(try library.service().index.statistics().tracks == 6)
    }

    @Test func anIndexDeletedUnderARunningPlayerIsMadeAgain() async throws {
        let (library, service, initial) = try Self.albumsAAndB()
        let (watcher, seen) = try Self.watch(
            service, initial, indexAfter: .seconds(60), interval: .milliseconds(100))
        defer { watcher.stop() }

        // "Deleting it is safe" (the man page): the watcher must not go on in a file no one sees.
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: service.index.file + suffix)
        }
        #expect(await eventually { FileManager.default.fileExists(atPath: service.index.file) })
        #expect(try await eventually { try library.service().index.statistics().tracks == 4 })
        try library.playlist("A/\nB/\n")
        #expect(await eventually { seen.current.last == 2 })
    }

    /// A watcher's thread used to hold the last reference to the index until the thread's own
    /// teardown, where freeing the index's dispatch queues wrote into libdispatch's already
    /// freed per-thread state; glibc caught the damaged heap when an idle worker thread
    /// exited. Stop several watchers right after they rebuilt a wallet, drop everything, and
    /// give the idle workers time to exit.
    @Test func stoppedWatchersLetGoOfTheIndexWhileTheirThreadIsWhole() async throws {
        for _ in 0..<10 {
            let (library, service, initial) = try Self.albumsAAndB()
            let (watcher, seen) = try Self.watch(
                service, initial, indexAfter: .milliseconds(50), interval: .milliseconds(20))
            #expect(await eventually { (try? service.index.statistics().lastFullScan) != nil })
            try library.playlist("A/01 A 1.flac\nB/01 B 1.flac\n")
            #expect(await eventually { seen.current.last == 2 })
            watcher.stop()
        }
        try await Task.sleep(for: .seconds(7))
    }

    /// Albums A and B, a playlist naming a track of A, the library's service and the wallet
    /// a player starts from (the playlist's folders only).
    private static func albumsAAndB() throws -> (TestLibrary, LibraryService, WalletReport) {
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        try library.addAlbum("B", artist: "B", album: "B")
        try library.playlist("A/01 A 1.flac\n")
        let service = try library.service()
        return (library, service, try service.wallet(playlist: nil, capacity: 0, wholeTree: false))
    }

    /// A watcher started on `service`, and the disc counts of the wallets it reports.
    private static func watch(
        _ service: LibraryService, _ initial: WalletReport, indexAfter: Duration, interval: Duration,
        tracksPerCheck: Int = 4000
    ) throws -> (WalletWatcher, LockedValue<[Int]>) {
        let seen = LockedValue<[Int]>([])
        let watcher = WalletWatcher()
        try watcher.start(
            service: service, playlist: nil, capacity: 0, initial: initial, indexAfter: indexAfter,
            interval: interval, tracksPerCheck: tracksPerCheck, logger: Logger(label: "test")
        ) { report in seen.withLock { $0.append(report.wallet.discs.count) } }
        return (watcher, seen)
    }
}
