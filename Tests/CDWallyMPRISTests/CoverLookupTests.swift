import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Testing

@testable import CDWallyMPRIS

/// The disc's cover is looked up once, and a miss is asked again when the track changes.
@Suite struct CoverLookupTests {
    private func snapshot(track: Int?) -> PlayerSnapshot {
        let album = MPRISBridgeStateTests.album
        return PlayerSnapshot(
            state: .playing, disc: CurrentDisc(album: album, position: 1), trackIndex: track,
            track: track.map { _ in album.tracks[0] }, elapsed: 0, duration: 40,
            wallet: Wallet(discs: [album], total: 1, capacity: 20))
    }

    @Test func aMissIsAskedAgainOnTheNextTrackAndAFindIsKept() async {
        let answers = LockedValue<[String?]>([nil, "/cache/covers/long.png", "/elsewhere.png"])
        let asked = LockedValue(0)
        var covers = CoverLookup(coverFile: { _ in
            asked.withLock { $0 += 1 }
            return answers.withLock { $0.removeFirst() }
        })
        // Published before mpv opened anything: no track yet, no cover found yet.
        #expect(await covers.artURL(for: snapshot(track: nil)) == nil)
        #expect(await covers.artURL(for: snapshot(track: nil)) == nil)
        #expect(asked.withLock { $0 } == 1)
        #expect(await covers.artURL(for: snapshot(track: 1)) == "file:///cache/covers/long.png")
        #expect(await covers.artURL(for: snapshot(track: 2)) == "file:///cache/covers/long.png")
        #expect(asked.withLock { $0 } == 2)
    }
}
