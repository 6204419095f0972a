import Testing

@testable import CDWallyPlayer

/// Seeks through scripted mpv events, without mpv: when the engine's place stands ahead of
/// mpv's, and when a seek waits for a track to open.
@Suite struct SeekTrackerTests {
    @Test func aSeekHoldsThePlaceFromItsPostToItsRestart() {
        var seeks = SeekTracker()
        #expect(seeks.apply(.asked(seconds: 30, trackStarting: false)) == [.post(seconds: 30)])
        #expect(!seeks.isPlaceAhead)
        seeks.apply(.posted)
        #expect(seeks.isPlaceAhead)
        seeks.apply(.mpvSeeks)
        seeks.apply(.carriedOut)
        #expect(seeks.isPlaceAhead && seeks.awaitsRestart)
        #expect(seeks.apply(.restarted) == [.announceSeeked])
        #expect(!seeks.isPlaceAhead)
        #expect(seeks.apply(.restarted) == [])
    }

    /// Two seeks at once: the first one's restart does not free the place while the second
    /// is unanswered.
    @Test func twoSeeksHoldThePlaceUntilBothAreAnswered() {
        var seeks = SeekTracker()
        for _ in 1...2 { seeks.apply(.posted) }
        seeks.apply(.carriedOut)
        seeks.apply(.restarted)
        #expect(seeks.isPlaceAhead)
        seeks.apply(.carriedOut)
        seeks.apply(.restarted)
        #expect(!seeks.isPlaceAhead)
    }

    @Test func aSeekWhileATrackOpensGoesOnceItsFileIsOpen() {
        var seeks = SeekTracker()
        seeks.apply(.trackStarted)
        #expect(seeks.isOpeningTrack)
        #expect(seeks.apply(.asked(seconds: 12, trackStarting: seeks.isOpeningTrack)) == [])
        #expect(seeks.pending == 12 && seeks.isPlaceAhead)
        #expect(seeks.apply(.fileLoaded) == [.post(seconds: 12)])
        #expect(seeks.pending == nil && !seeks.isOpeningTrack)
        #expect(seeks.apply(.fileLoaded) == [])
    }

    @Test func aRefusedSeekWaitsForTheNextFileUnlessItWasForAnotherDisc() {
        var seeks = SeekTracker()
        seeks.apply(.posted)
        seeks.apply(.refused(retryAt: 8))
        #expect(seeks.unanswered == 0 && seeks.pending == 8)
        seeks.apply(.trackStarted)
        #expect(seeks.apply(.fileLoaded) == [.post(seconds: 8)])
        seeks.apply(.posted)
        seeks.apply(.refused(retryAt: nil))
        #expect(!seeks.isPlaceAhead)
    }

    @Test func aNewTrackOrAStopDropsWhatWasOnItsWay() {
        var seeks = SeekTracker()
        seeks.apply(.posted)
        seeks.apply(.carriedOut)
        seeks.apply(.mpvSeeks)
        seeks.apply(.trackStarted)
        #expect(!seeks.awaitsRestart && !seeks.isSeeking)
        #expect(seeks.apply(.restarted) == [])
        seeks.apply(.asked(seconds: 5, trackStarting: true))
        seeks.apply(.stopped)
        #expect(seeks.pending == nil && !seeks.isOpeningTrack)
        seeks.apply(.posted)
        seeks.apply(.loaded)
        #expect(!seeks.isPlaceAhead)
    }
}
