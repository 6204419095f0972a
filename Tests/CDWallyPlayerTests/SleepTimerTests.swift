import Foundation
import Testing

@testable import CDWallyPlayer

/// The sleep timer's transitions, without mpv or clocks: what each moment asks the engine for.
@Suite struct SleepTimerTests {
    private let now = Date(timeIntervalSince1970: 1_000_000)

    @Test func aTimerWaitsFadesOverTheLastSecondsAndPauses() {
        var timer = SleepTimer()
        #expect(
            timer.apply(.set(.after(seconds: 1800), now: now)) == [.cancel, .wait(seconds: 1792), .publish])
        #expect(timer.state == .at(now.addingTimeInterval(1800)))
        #expect(timer.apply(.fadeDue(audible: true)) == [.fade(seconds: 8)])
        #expect(timer.isFading)
        #expect(timer.apply(.fadeEnded) == [.pause, .restoreVolumeWhenSilent, .publish])
        #expect(timer.state == nil && !timer.isFading)
        #expect(timer.apply(.fadeEnded) == [])
    }

    @Test func aShortTimerFadesNoLongerThanItselfAndASilentPlayerPausesAtOnce() {
        var timer = SleepTimer()
        #expect(timer.apply(.set(.after(seconds: 3), now: now)) == [.cancel, .wait(seconds: 0), .publish])
        #expect(timer.apply(.fadeDue(audible: true)) == [.fade(seconds: 3)])
        var muted = SleepTimer()
        _ = muted.apply(.set(.after(seconds: 60), now: now))
        #expect(muted.apply(.fadeDue(audible: false)) == [.pause, .restoreVolumeWhenSilent, .publish])
    }

    @Test func aVolumeChangeDuringTheFadeEndsTheTimerAndANewTimerBringsTheLevelBack() {
        var timer = SleepTimer()
        _ = timer.apply(.set(.after(seconds: 60), now: now))
        #expect(timer.apply(.volumeChanged) == [], "not fading yet: the timer runs on")
        _ = timer.apply(.fadeDue(audible: true))
        #expect(timer.apply(.volumeChanged) == [.cancel, .publish])
        #expect(timer.state == nil)

        _ = timer.apply(.set(.after(seconds: 60), now: now))
        _ = timer.apply(.fadeDue(audible: true))
        #expect(timer.apply(.set(.off, now: now)) == [.cancel, .restoreVolume, .publish])
        #expect(timer.state == nil && !timer.isFading)
    }

    @Test func endOfDiscStopsOnceAtTheEndOfTheDisc() {
        var timer = SleepTimer()
        #expect(timer.apply(.discEnded) == [])
        #expect(timer.apply(.set(.endOfDisc, now: now)) == [.cancel, .publish])
        #expect(timer.apply(.fadeDue(audible: true)) == [])
        #expect(timer.apply(.discEnded) == [.stopAfterDisc])
        #expect(timer.state == nil)
        #expect(timer.apply(.discEnded) == [])
    }
}
