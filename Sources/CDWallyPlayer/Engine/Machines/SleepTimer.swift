import CDWallyVocabulary
import Foundation

/// The sleep timer: at its time the music fades out over the last seconds (never more than
/// the timer itself), pauses with every position saved, and the level comes back for the next
/// play; or, for `end-of-disc`, playback stops when the current disc ends. A listener who
/// touches the volume during the fade is awake: the timer ends there.
///
/// Plain data, owned by the engine: events in, effects out. The engine runs the timer's wait
/// and the fade (a ramp of `VolumeControl`) as tasks, and feeds their ends back here.
struct SleepTimer: Equatable {
    enum Event: Equatable {
        /// `sleep 30m`, `end-of-disc` or `off`, at `now` on the monotonic clock and `wall` on
        /// the wall clock.
        case set(SleepRequest, now: ContinuousClock.Instant, wall: Date)
        /// The wait ran out: the fade is due. `audible`: playing and not muted.
        case fadeDue(audible: Bool)
        /// The fade reached silence.
        case fadeEnded
        /// The listener changed the volume.
        case volumeChanged
        /// The current disc ended.
        case discEnded
    }

    enum Effect: Equatable {
        /// Wait `seconds`, then send `.fadeDue`; replaces a wait or fade under way.
        case wait(seconds: Double)
        /// End the wait or fade under way.
        case cancel
        /// Fade the level to silence over `seconds`, then send `.fadeEnded`.
        case fade(seconds: Double)
        /// The listener's level again, at once.
        case restoreVolume
        /// Pause, as the listener would, with every position saved.
        case pause
        /// The listener's level again where it is not heard now that playback paused (mpv's
        /// own volume); the Snapcast relay still passes what mpv wrote before the pause, so
        /// there the level comes back when playback goes on.
        case restoreVolumeWhenSilent
        /// Stop at the end of this disc, whatever `--then` says.
        case stopAfterDisc
        case publish
    }

    /// How long the fade-out before a timed pause takes.
    static let fade = 8.0

    /// What is set: a timer's end on the monotonic clock, which a clock set by NTP (a Pi has
    /// no battery) does not move, or the end of the disc.
    private enum Setting: Equatable {
        case until(ContinuousClock.Instant, wall: Date)
        case endOfDisc
    }

    private var setting: Setting?
    /// The fade of a timed pause is under way.
    private(set) var isFading = false
    private var fadeSeconds = Self.fade

    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .set(let request, let now, let wall):
            var effects: [Effect] = [.cancel]
            if isFading { effects.append(.restoreVolume) }
            isFading = false
            switch request {
            case .off:
                setting = nil
            case .endOfDisc:
                setting = .endOfDisc
            case .after(let seconds):
                setting = .until(now + .seconds(seconds), wall: wall.addingTimeInterval(seconds))
                fadeSeconds = min(Self.fade, seconds)
                effects.append(.wait(seconds: seconds - fadeSeconds))
            }
            return effects + [.publish]
        case .fadeDue(let audible):
            guard case .until = setting else { return [] }
            guard audible else { return pause() }
            isFading = true
            return [.fade(seconds: fadeSeconds)]
        case .fadeEnded:
            return isFading ? pause() : []
        case .volumeChanged:
            guard isFading else { return [] }
            // Awake: the new level stands, nothing comes back.
            (isFading, setting) = (false, nil)
            return [.cancel, .publish]
        case .discEnded:
            guard setting == .endOfDisc else { return [] }
            setting = nil
            return [.stopAfterDisc]
        }
    }

    /// What the snapshot shows at `now` on the wall clock and `instant` on the monotonic one:
    /// the end as set, unless the wall clock jumped since (NTP setting a Pi's clock, which has
    /// no battery): then the end as the wall clock reads now, so the seconds left stay those
    /// that are left. Read the same way twice, it is the same (a snapshot made again must not
    /// differ by the microseconds between the two clocks' readings).
    func shown(now: Date, instant: ContinuousClock.Instant) -> SleepState? {
        switch setting {
        case nil: return nil
        case .endOfDisc: return .endOfDisc
        case .until(let end, let wallEnd):
            let reckoned = now.timeIntervalSince1970 + (end - instant).inSeconds
            guard abs(reckoned - wallEnd.timeIntervalSince1970) >= 1 else { return .at(wallEnd) }
            return .at(Date(timeIntervalSince1970: reckoned.rounded(.down)))
        }
    }

    private mutating func pause() -> [Effect] {
        (isFading, setting) = (false, nil)
        return [.pause, .restoreVolumeWhenSilent, .publish]
    }
}
