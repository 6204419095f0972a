import CDWallyCore
import CDWallyVocabulary
import Testing

@testable import CDWallyPlayer

/// The playing disc's place through its moves, without mpv.
@Suite struct DiscPlaceTests {
    private static func album(_ name: String, lengths: [Double] = [40, 0]) -> Album {
        let folder = RawPath("/music/\(name)")
        return Album(
            id: AlbumID(identityKey: "place\u{1F}\(name)"), albumArtist: "Place", title: name,
            tracks: lengths.enumerated().map { index, seconds in
                AlbumTrack(
                    path: folder.appending("\(index + 1).flac"), disc: 1, track: index + 1,
                    title: "\(index + 1)",
                    artist: "Place", duration: seconds)
            },
            directories: [folder])
    }

    private static func queue(_ load: Int) -> DiscQueue {
        DiscQueue(load: load, trackCount: 2, resumedTrack: nil)
    }

    @Test func aDiscStartsPlayingAtItsResumePointWithItsTaggedLength() {
        var place = DiscPlace()
        let album = Self.album("One")
        place.queue(album, in: Self.queue(1))
        place.start(album, at: 1, from: ResumePoint(track: 1, position: 12))
        #expect(place.state == .playing && place.isActive)
        #expect(place.elapsed == 12 && place.duration == 40)
        // A track whose tags give no length has none until mpv says.
        place.enter(track: 2, at: 0)
        #expect(place.duration == nil)
        #expect(place.track(2)?.title == "2" && place.track(3) == nil && place.track(nil) == nil)
    }

    @Test func pauseAndPlayGoOnlyBetweenPlayingAndPaused() {
        var place = DiscPlace()
        place.pause()
        place.play()
        #expect(place.state == .idle)
        let album = Self.album("One")
        place.queue(album, in: Self.queue(1))
        place.start(album, at: 1, from: .start)
        place.pause()
        #expect(place.state == .paused)
        place.play()
        #expect(place.state == .playing)
    }

    /// A stop keeps the place for `play`; the end of the disc goes back to its start.
    @Test func aStopKeepsThePlaceAndTheEndGoesBackToTheStart() {
        var place = DiscPlace()
        let album = Self.album("One")
        place.queue(album, in: Self.queue(1))
        place.start(album, at: 1, from: ResumePoint(track: 1, position: 30))
        place.stop()
        #expect(place.state == .stopped && place.elapsed == 30 && place.duration == nil)
        place.queue(album, in: Self.queue(2))
        place.start(album, at: 1, from: ResumePoint(track: 1, position: 30))
        place.finish()
        #expect(place.state == .stopped && place.elapsed == 0 && place.duration == nil)
    }

    @Test func shuffleIsTheDiscsAndAFailedLoadLeavesTheDiscBeforeIt() {
        var place = DiscPlace()
        place.queue(Self.album("One"), in: Self.queue(1))
        place.abandonLoad()
        #expect(place.state == .idle && place.queue == nil)

        let one = Self.album("One")
        place.queue(one, in: Self.queue(2))
        place.start(one, at: 1, from: .start)
        place.shuffle = true
        place.queue(one, in: Self.queue(3))
        #expect(place.shuffle, "the same disc again lost its shuffle")
        place.queue(Self.album("Two"), in: Self.queue(4))
        #expect(!place.shuffle)
        place.abandonLoad()
        #expect(place.state == .stopped && place.disc?.album.id == one.id)
    }
}
