import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer

/// The place is saved every `saveInterval` of playing whatever else is saved meanwhile: a
/// volume turned every few seconds (a child at the knob) once kept the place from being saved
/// at all, so a power cut lost the whole disc.
@Suite struct PlayerVolumeSaveClockTests {
    @Test func aVolumeChangeDoesNotPutOffThePlacesSave() async throws {
        // One 40 s track: nothing but the periodic save records a place within it.
        let path = RawPath(TestLibrary.fixtures + "/long.flac")
        let album = Album(
            id: AlbumID(identityKey: "cdwally fixtures\u{1F}long"), albumArtist: "cdwally fixtures",
            title: "Long",
            tracks: [AlbumTrack(path: path, disc: 1, track: 1, title: "Long", artist: "x", duration: 40)],
            directories: [path.parent])
        let harness = try PlayerHarness(wallet: Wallet(discs: [album], total: 1, capacity: 20))
        try await harness.player.perform(.play(disc: 1, fromStart: true))
        #expect(await eventually { harness.player.snapshot.elapsed >= 3 })
        try await harness.player.perform(.volume(.set(70)))
        // The place's clock started when the disc was first heard: a save is due near 5 s,
        // the volume's save at 3 s notwithstanding.
        #expect(await eventually { harness.player.snapshot.elapsed >= 6.5 })
        let saved = try #require(harness.store.resume(for: album.id))
        await harness.close()

        #expect(saved.position >= 4, "saved at \(saved.position) s")
        #expect(harness.notices == [])
    }
}
