import CDWallyCore
import CDWallyVocabulary
import Testing

@testable import CDWallyMPRIS

/// How a player snapshot reads on the bus.
@Suite struct MPRISBridgeStateTests {
    static let album = Album(
        id: AlbumID(identityKey: "quiet\u{1F}long"), albumArtist: "Quiet", title: "Long",
        tracks: [
            AlbumTrack(
                path: RawPath("/music/Long/01.flac"), disc: 1, track: 1, title: "One", artist: "Quiet",
                duration: 40)
        ], directories: [RawPath("/music/Long")])

    private func snapshot(waiting: Bool, held: Bool = true) -> PlayerSnapshot {
        var snapshot = PlayerSnapshot(
            state: .playing, disc: CurrentDisc(album: Self.album, position: 1), trackIndex: 1,
            track: Self.album.tracks[0], elapsed: 3, duration: 40,
            wallet: Wallet(discs: [Self.album], total: 1, capacity: 20), waitingForOutput: waiting)
        snapshot.outputHoldsPlayer = waiting && held
        return snapshot
    }

    @Test func playingIsPlayingWithEveryControl() {
        let state = MPRISBridge.state(snapshot(waiting: false), artURL: nil)
        #expect(state.playbackStatus == .playing)
        #expect(state.canPause && state.canSeek && state.canGoNext)
    }

    /// Nothing is heard and time stands: paused, with no control that would only answer
    /// that the output takes no audio. The track stays shown.
    @Test func waitingForTheOutputIsPausedWithoutControls() {
        let state = MPRISBridge.state(snapshot(waiting: true), artURL: nil)
        #expect(state.playbackStatus == .paused)
        #expect(!state.canPause && !state.canSeek && !state.canGoNext && !state.canGoPrevious)
        #expect(state.metadata?.title == "One")
    }

    /// A silence with the player answering (the place stood still, the output is opened
    /// again): paused, since nothing is heard, and every control stays, since each works.
    @Test func aSilenceIsPausedWithEveryControl() {
        let state = MPRISBridge.state(snapshot(waiting: true, held: false), artURL: nil)
        #expect(state.playbackStatus == .paused)
        #expect(state.canPause && state.canSeek && state.canGoNext && state.canGoPrevious)
    }
}
