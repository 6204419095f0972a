import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation
import TestSupport
import Testing

@testable import CDWallyMPRIS

/// A snapshot goes on the bus at once; the disc's cover is looked up once on the cover lane,
/// added when found, and a miss is asked again when the track changes.
@Suite struct CoverLookupTests {
    private static let album = MPRISBridgeStateTests.album
    private static let other = Album(
        id: AlbumID(identityKey: "quiet\u{1F}other"), albumArtist: "Quiet", title: "Other",
        tracks: album.tracks, directories: album.directories)

    private func snapshot(track: Int?, of album: Album = album) -> PlayerSnapshot {
        PlayerSnapshot(
            state: .playing, disc: CurrentDisc(album: album, position: 1), trackIndex: track,
            track: track.map { _ in album.tracks[0] }, elapsed: 0, duration: 40,
            wallet: Wallet(discs: [album], total: 1, capacity: 20))
    }

    /// What was published: the track shown and its art URL.
    private struct Shown: Equatable {
        var track: Int?
        var art: String?
    }

    @Test func aMissIsAskedAgainOnTheNextTrackAndAFindIsKept() async {
        let answers = LockedValue<[String?]>([nil, "/cache/covers/long.png", "/elsewhere.png"])
        let asked = LockedValue(0)
        let published = LockedValue<[Shown]>([])
        let covers = CoverLookup(
            coverFile: { _ in
                asked.withLock { $0 += 1 }
                return answers.withLock { $0.removeFirst() }
            },
            publish: { snapshot, art in
                published.withLock { $0.append(Shown(track: snapshot.trackIndex, art: art)) }
            })
        // Published before mpv opened anything: no track yet, no cover found yet.
        covers.show(snapshot(track: nil))
        #expect(await eventually { asked.current == 1 })
        covers.show(snapshot(track: nil))
        covers.show(snapshot(track: 1))
        let found = Shown(track: 1, art: "file:///cache/covers/long.png")
        #expect(await eventually { published.current.last == found })
        covers.show(snapshot(track: 2))
        #expect(published.current.last == Shown(track: 2, art: found.art))
        #expect(asked.current == 2)
        #expect(published.current.prefix(3) == [Shown(), Shown(), Shown(track: 1)])
    }

    /// A lookup held on a slow disk: the tracks go out meanwhile, and the art joins the latest;
    /// an answer for a disc no longer shown is dropped.
    @Test func aSlowLookupHoldsNoTrackAndJoinsTheLatestSnapshot() async {
        let disk = DispatchSemaphore(value: 0)
        let published = LockedValue<[Shown]>([])
        let covers = CoverLookup(
            coverFile: { album in
                disk.wait()
                return "/cache/covers/\(album.title).png"
            },
            publish: { snapshot, art in
                published.withLock { $0.append(Shown(track: snapshot.trackIndex, art: art)) }
            })
        covers.show(snapshot(track: 1))
        covers.show(snapshot(track: 2))
        #expect(published.current == [Shown(track: 1), Shown(track: 2)])
        disk.signal()
        let long = "file:///cache/covers/Long.png"
        #expect(await eventually { published.current.last == Shown(track: 2, art: long) })

        covers.show(snapshot(track: 1, of: Self.other))
        covers.show(snapshot(track: 1))
        disk.signal()
        disk.signal()
        #expect(await eventually { published.current.last == Shown(track: 1, art: long) })
        #expect(!published.current.contains { $0.art == "file:///cache/covers/Other.png" })
    }
}
