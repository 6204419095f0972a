import Testing

@testable import CDWallyPlayer

/// The track cursor through scripted mpv starts, without mpv: which track the listener is on.
@Suite struct TrackCursorTests {
    @Test func aCommandedTrackShowsAtOnceAndItsStartAppliesEvenWhilePaused() {
        var cursor = TrackCursor()
        cursor.apply(.commanded(track: 3))
        #expect(cursor.track == 3 && cursor.commanded == 3)
        // mpv's start of the track asked for, paused or not.
        let started = cursor.apply(.mpvStarted(entry: 13, track: 3, paused: true, commanded: false))
        #expect(started == [.started(track: 3, left: false)])
        #expect(cursor.commanded == nil && cursor.activeEntry == 13)
        #expect(cursor.apply(.fileLoaded) == [.opened])
        #expect(cursor.loadedEntry == 13)
    }

    /// The file mpv opens while a start is held is the held track's: it opens with that track
    /// when playback goes on (announced then, and a seek in it goes at once), not as the
    /// paused one's.
    @Test func aFileOpenedWhileAStartIsHeldOpensWithThatTrack() {
        var cursor = TrackCursor()
        cursor.apply(.commanded(track: 1))
        cursor.apply(.mpvStarted(entry: 11, track: 1, paused: false, commanded: false))
        cursor.apply(.fileLoaded)
        cursor.apply(.mpvStarted(entry: 12, track: 2, paused: true, commanded: false))
        #expect(cursor.apply(.fileLoaded) == [])
        #expect(cursor.loadedEntry == 12)
        #expect(cursor.apply(.catchUp) == [.startHeld(entry: 12)])
        #expect(
            cursor.apply(.mpvStarted(entry: 12, track: 2, paused: false, commanded: true)) == [
                .started(track: 2, left: true), .opened,
            ])
    }

    /// mpv started and opened an entry before the engine knew its track (the `loadfile`
    /// reply still on its way): applied late, the start brings the opening with it. mpv's own
    /// start of an entry it opened before (a track started again) waits for its new opening.
    @Test func aStartAppliedLateBringsItsOpeningAndARestartWaitsForItsOwn() {
        var cursor = TrackCursor()
        cursor.apply(.commanded(track: 1))
        #expect(cursor.apply(.mpvStarted(entry: 11, track: nil, paused: false, commanded: false)) == [])
        #expect(cursor.apply(.fileLoaded) == [.opened])
        #expect(
            cursor.apply(.mpvStarted(entry: 11, track: 1, paused: false, commanded: true)) == [
                .started(track: 1, left: false), .opened,
            ])
        #expect(
            cursor.apply(.mpvStarted(entry: 11, track: 1, paused: false, commanded: false)) == [
                .started(track: 1, left: false)
            ])
        #expect(cursor.loadedEntry == nil)
    }

    /// Paused, mpv's decoder runs ahead into the next track: the listener is still on the
    /// paused one until playback goes on.
    @Test func aStartWhilePausedIsHeldUntilPlaybackGoesOn() {
        var cursor = TrackCursor()
        cursor.apply(.commanded(track: 1))
        cursor.apply(.mpvStarted(entry: 11, track: 1, paused: false, commanded: false))
        #expect(cursor.apply(.mpvStarted(entry: 12, track: 2, paused: true, commanded: false)) == [])
        #expect(cursor.track == 1 && cursor.startedWhilePaused == 12 && cursor.activeEntry == 11)
        #expect(cursor.apply(.catchUp) == [.startHeld(entry: 12)])
        #expect(cursor.apply(.catchUp) == [])
        #expect(
            cursor.apply(.mpvStarted(entry: 12, track: 2, paused: true, commanded: true)) == [
                .started(track: 2, left: true)
            ])
    }

    @Test func aCommandDropsAHeldStartAndARefusedMoveFreesMPVsPlace() {
        var cursor = TrackCursor()
        cursor.apply(.mpvStarted(entry: 12, track: 2, paused: true, commanded: false))
        cursor.apply(.commanded(track: 4))
        #expect(cursor.startedWhilePaused == nil)
        cursor.apply(.moveRefused)
        #expect(cursor.commanded == nil && cursor.track == 4)
        cursor.apply(.commanded(track: 5))
        cursor.apply(.stopped)
        #expect(cursor.commanded == nil)
    }

    @Test func anEntryOfNoDiscMovesMPVButNotTheListener() {
        var cursor = TrackCursor()
        cursor.apply(.placed(track: 2))
        #expect(cursor.apply(.mpvStarted(entry: 99, track: nil, paused: false, commanded: false)) == [])
        #expect(cursor.activeEntry == 99 && cursor.track == 2)
    }
}
