import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// A disc whose next track mpv finds gone with its disk (a stick pulled near a track's end,
/// before the host's watcher sees the library go), through the real engine and libmpv in
/// real time.
@Suite struct PlayerGoneDiskTests {
    @Test func aTrackGoneWithItsFolderStopsTheDiscThereAndItPlaysOnFromThere() async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.file("Album")
        let away = directory.file("Away")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let paths = try FixtureWallet.copies("flac", into: folder)
        let album = try FixtureWallet.album("flac", paths: paths)
        let harness = try PlayerHarness(
            wallet: Wallet(discs: [album], total: 1, capacity: 20), endOfDisc: .next, directory: directory)
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        #expect(await eventually { harness.player.snapshot.elapsed > 1 })
        // Track 1 plays on from the file mpv has open; the rest of the disc is nowhere.
        try FileManager.default.moveItem(at: folder, to: away)
        let stopped = await eventually(timeout: .seconds(15)) { harness.player.snapshot.state == .stopped }

        let skipped = harness.events.filter { if case .trackSkipped = $0 { true } else { false } }
        #expect(stopped)
        #expect(skipped == [])
        #expect(harness.finishedDiscs == [])
        let told = harness.events.contains(.warning(.goneWithItsDisk(paths[1])))
        #expect(told)
        #expect(harness.player.snapshot.trackIndex == 2)
        let saved = harness.store.resume(for: album.id)
        #expect(saved?.trackIndex == 2 && saved?.position == 0 && saved?.finished == false)
        // Saved as a power cut leaves it: what the host plays on when the library is back.
        #expect(harness.player.interruptedDisc == 1)

        try FileManager.default.moveItem(at: away, to: folder)
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        #expect(harness.player.snapshot.trackIndex == 2)
        #expect(harness.player.snapshot.state == .playing)
        await harness.close()
    }

    /// A track deleted from a folder that is still there went alone: skipped, the disc plays on.
    @Test func aTrackMissingFromItsFolderIsSkippedAndTheDiscPlaysOn() async throws {
        let directory = try TemporaryDirectory()
        let paths = try FixtureWallet.copies("flac", into: directory)
        let album = try FixtureWallet.album("flac", paths: paths)
        let harness = try PlayerHarness(
            wallet: Wallet(discs: [album], total: 1, capacity: 20), directory: directory)
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        #expect(await eventually { harness.player.snapshot.elapsed > 1 })
        try FileManager.default.removeItem(atPath: paths[1].display)
        #expect(await eventually(timeout: .seconds(15)) { harness.player.snapshot.trackIndex == 3 })

        let skipped = harness.events.contains(.trackSkipped(path: paths[1], reason: "missing or unreadable"))
        let warned = harness.events.contains { if case .warning = $0 { true } else { false } }
        #expect(skipped)
        #expect(harness.player.snapshot.state == .playing)
        #expect(!warned)
        await harness.close()
    }
}
