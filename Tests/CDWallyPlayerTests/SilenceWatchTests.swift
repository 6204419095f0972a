import Testing

@testable import CDWallyPlayer

/// The silence watch through scripted motions and looks, without mpv: a place that stands
/// still while playing is said once and the output opened again, then again every limit;
/// motion ends it; a look while nothing should move starts the wait again.
@Suite struct SilenceWatchTests {
    let start = SuspendingClock.Instant.now

    func at(_ seconds: Double) -> SuspendingClock.Instant { start + .milliseconds(Int(seconds * 1000)) }

    @Test func aPlaceThatStandsStillForTheLimitIsSaidOnceAndTheOutputOpenedAgainEveryLimit() {
        var watch = SilenceWatch(now: start)
        #expect(watch.apply(.looked(at: at(7.9), watching: true)) == [])
        #expect(watch.apply(.looked(at: at(8), watching: true)) == [.announceSilence, .reopenOutput])
        #expect(watch.isSilent)
        #expect(watch.apply(.looked(at: at(10), watching: true)) == [])
        #expect(watch.apply(.looked(at: at(15.9), watching: true)) == [])
        #expect(watch.apply(.looked(at: at(16), watching: true)) == [.reopenOutput])
        #expect(watch.apply(.looked(at: at(24), watching: true)) == [.reopenOutput])
        #expect(watch.isSilent)
    }

    @Test func motionKeepsTheWatchQuietAndEndsASilenceOnce() {
        var watch = SilenceWatch(now: start)
        for second in stride(from: 1.0, through: 30, by: 1) {
            #expect(watch.apply(.moved(at: at(second))) == [])
            #expect(watch.apply(.looked(at: at(second + 0.5), watching: true)) == [])
        }
        #expect(watch.apply(.looked(at: at(38), watching: true)) == [.announceSilence, .reopenOutput])
        #expect(watch.apply(.moved(at: at(39))) == [.announceMotion])
        #expect(!watch.isSilent)
        #expect(watch.apply(.moved(at: at(40))) == [])
        // Counted from the last motion, not from the silence's start.
        #expect(watch.apply(.looked(at: at(47.9), watching: true)) == [])
        #expect(watch.apply(.looked(at: at(48), watching: true)) == [.announceSilence, .reopenOutput])
    }

    /// A pause, a load, a core held by its output: the wait starts again, and a silence ends
    /// without a word (the player no longer says Playing).
    @Test func aLookWhileNothingShouldMoveStartsTheWaitAgainAndClearsASilence() {
        var watch = SilenceWatch(now: start)
        #expect(watch.apply(.looked(at: at(30), watching: false)) == [])
        #expect(watch.apply(.looked(at: at(37), watching: true)) == [])
        #expect(watch.apply(.looked(at: at(38), watching: true)) == [.announceSilence, .reopenOutput])
        #expect(watch.apply(.looked(at: at(39), watching: false)) == [.clear])
        #expect(!watch.isSilent)
        #expect(watch.apply(.looked(at: at(40), watching: false)) == [])
        #expect(watch.apply(.looked(at: at(47), watching: true)) == [])
        #expect(watch.apply(.looked(at: at(48), watching: true)) == [.announceSilence, .reopenOutput])
    }
}
