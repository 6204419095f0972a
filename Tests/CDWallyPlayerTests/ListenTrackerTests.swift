import CDWallyCore
import Foundation
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// What of a disc is heard, through scripted mpv events and commands, without mpv: nothing
/// saved as playing or logged before the output plays it, seconds counted from mpv's place,
/// periodic saves by a clock passed in.
@Suite struct ListenTrackerTests {
    static let listen = Listen(
        disc: AlbumID(rawValue: "disc"), artist: "Artist", title: "Title",
        start: Date(timeIntervalSince1970: 0), seconds: 0, finished: false)

    @Test func aDiscIsUnheardUntilMPVConfirmsIt() {
        var tracker = ListenTracker()
        tracker.apply(.loaded(Self.listen))
        #expect(tracker.isUnheard && tracker.keptListen == nil)
        #expect(!tracker.maySave(playing: true, isLastSaved: true))
        // A pause or a stop of the disc saved last is saved, or `serve` would play on.
        #expect(tracker.maySave(playing: false, isLastSaved: true))
        #expect(!tracker.maySave(playing: false, isLastSaved: false))
        #expect(tracker.apply(.confirmed) == [.saveHeardPlace])
        #expect(!tracker.isUnheard && tracker.keptListen == Self.listen)
        #expect(tracker.maySave(playing: true, isLastSaved: false))
        #expect(tracker.apply(.confirmed) == [])
    }

    /// A start that fails (an output that cannot open) leaves the log as it was.
    @Test func anUnheardListenIsDroppedAndAHeardOneLoggedOnce() {
        var tracker = ListenTracker()
        tracker.apply(.loaded(Self.listen))
        tracker.apply(.moved(from: 0, to: 1, playing: true))
        #expect(tracker.apply(.ended(finished: false)) == [])
        #expect(tracker.listen == nil)
        tracker.apply(.loaded(Self.listen))
        tracker.apply(.confirmed)
        var ended = Self.listen
        ended.finished = true
        #expect(tracker.apply(.ended(finished: true)) == [.log(ended)])
        #expect(tracker.apply(.ended(finished: true)) == [])
    }

    /// Steps of mpv's place while playing count; a pause, a step back and a seek's jump do not.
    @Test func secondsHeardAreStepsOfMPVsPlaceWhilePlaying() {
        var tracker = ListenTracker()
        tracker.apply(.moved(from: 0, to: 1, playing: true))
        #expect(tracker.listen == nil)
        tracker.apply(.loaded(Self.listen))
        tracker.apply(.moved(from: 0, to: 0.5, playing: true))
        tracker.apply(.moved(from: 0.5, to: 3.5, playing: true))
        tracker.apply(.moved(from: 3.5, to: 4, playing: false))
        tracker.apply(.moved(from: 4, to: 2, playing: true))
        tracker.apply(.moved(from: 2, to: 2 + ListenTracker.largestHeardStep + 0.1, playing: true))
        #expect(tracker.listen?.seconds == 3.5)
    }

    @Test func aSaveIsDueAnIntervalAfterTheLastOne() {
        let start = ContinuousClock.now
        var tracker = ListenTracker(now: start)
        #expect(!tracker.isSaveDue(at: start + .seconds(4), every: .seconds(5)))
        #expect(tracker.isSaveDue(at: start + .seconds(5), every: .seconds(5)))
        // A resume (or the output coming back) starts the interval again.
        tracker.apply(.saved(at: start + .seconds(5)))
        #expect(!tracker.isSaveDue(at: start + .seconds(9), every: .seconds(5)))
        #expect(tracker.isSaveDue(at: start + .seconds(10), every: .seconds(5)))
    }
}
