import CDWallyVocabulary
import Foundation
import Testing

@testable import CDWallyPlayer

/// The sleep timer's transitions, without mpv or clocks: what each moment asks the engine for.
@Suite struct SleepTimerTests {
    private let now = ContinuousClock.now
    private let wall = Date(timeIntervalSince1970: 1_000_000)

    private func shown(_ timer: SleepTimer) -> SleepState? {
        timer.shown(now: wall, instant: now)
    }

    @Test func aTimerWaitsFadesOverTheLastSecondsAndPauses() {
        var timer = SleepTimer()
        #expect(
            timer.apply(.set(.after(seconds: 1800), now: now, wall: wall)) == [
                .cancel, .wait(seconds: 1792), .publish,
            ])
        #expect(shown(timer) == .at(wall.addingTimeInterval(1800)))
        #expect(timer.apply(.fadeDue(audible: true)) == [.fade(seconds: 8)])
        #expect(timer.isFading)
        #expect(timer.apply(.fadeEnded) == [.pause, .restoreVolumeWhenSilent, .publish])
        #expect(shown(timer) == nil && !timer.isFading)
        #expect(timer.apply(.fadeEnded) == [])
    }

    @Test func aShortTimerFadesNoLongerThanItselfAndASilentPlayerPausesAtOnce() {
        var timer = SleepTimer()
        #expect(
            timer.apply(.set(.after(seconds: 3), now: now, wall: wall)) == [
                .cancel, .wait(seconds: 0), .publish,
            ])
        #expect(timer.apply(.fadeDue(audible: true)) == [.fade(seconds: 3)])
        var muted = SleepTimer()
        _ = muted.apply(.set(.after(seconds: 60), now: now, wall: wall))
        #expect(muted.apply(.fadeDue(audible: false)) == [.pause, .restoreVolumeWhenSilent, .publish])
    }

    @Test func aVolumeChangeDuringTheFadeEndsTheTimerAndANewTimerBringsTheLevelBack() {
        var timer = SleepTimer()
        _ = timer.apply(.set(.after(seconds: 60), now: now, wall: wall))
        #expect(timer.apply(.volumeChanged) == [], "not fading yet: the timer runs on")
        _ = timer.apply(.fadeDue(audible: true))
        #expect(timer.apply(.volumeChanged) == [.cancel, .publish])
        #expect(shown(timer) == nil)

        _ = timer.apply(.set(.after(seconds: 60), now: now, wall: wall))
        _ = timer.apply(.fadeDue(audible: true))
        #expect(timer.apply(.set(.off, now: now, wall: wall)) == [.cancel, .restoreVolume, .publish])
        #expect(shown(timer) == nil && !timer.isFading)
    }

    /// A Pi has no battery: NTP moves its clock by months at a time. The seconds left stay
    /// those of the monotonic clock; the end shown moves with the wall clock.
    @Test func aClockThatJumpsLeavesTheSecondsLeft() {
        var timer = SleepTimer()
        _ = timer.apply(.set(.after(seconds: 90), now: now, wall: wall))
        let jumped = wall.addingTimeInterval(215 * 86_400)
        let shown = timer.shown(now: jumped, instant: now + .seconds(10))
        #expect(shown == .at(jumped.addingTimeInterval(80)))
        #expect(shown?.secondsLeft(now: jumped) == 80)
        let back = wall.addingTimeInterval(-3 * 86_400)
        #expect(timer.shown(now: back, instant: now + .seconds(30))?.secondsLeft(now: back) == 60)
    }

    @Test func endOfDiscStopsOnceAtTheEndOfTheDisc() {
        var timer = SleepTimer()
        #expect(timer.apply(.discEnded) == [])
        #expect(timer.apply(.set(.endOfDisc, now: now, wall: wall)) == [.cancel, .publish])
        #expect(timer.apply(.fadeDue(audible: true)) == [])
        #expect(timer.apply(.discEnded) == [.stopAfterDisc])
        #expect(shown(timer) == nil)
        #expect(timer.apply(.discEnded) == [])
    }
}
