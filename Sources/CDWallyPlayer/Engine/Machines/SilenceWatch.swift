/// Whether the music moves while the disc plays: mpv's place (`time-pos`) goes on with the
/// audio the output takes, so a place that stands still while playing is a silence the
/// listener hears and mpv does not report.
///
/// Seen on a whole machine (docs/PLATFORMS.md): ALSA's stream prepared, a tenth of a second
/// written to it and none played, never started again; mpv's core answered every request, and
/// the status said Playing over minutes of silence. `OutputCondition` sees an output that
/// holds the core; this sees one that holds the music and not the core.
///
/// - It looks only while it may expect motion (`watching`): playing, a disc loaded, mpv's core
///   answering, no seek or track change on its way. Any other look starts the wait again, so
///   a pause, a load or a stall never counts as silence.
/// - `limit` without motion is a silence: said once, and the output is opened again then and
///   every `limit` after while it lasts (a device that comes back later is taken up).
/// - The first motion after a silence ends it, said once.
///
/// Plain data, owned by the engine: motions and looks in, what to do out.
struct SilenceWatch: Equatable {
    typealias Instant = SuspendingClock.Instant

    enum Event: Equatable {
        /// mpv's place moved.
        case moved(at: Instant)
        /// The engine's periodic look; `watching` when the music should move now.
        case looked(at: Instant, watching: Bool)
    }

    enum Effect: Equatable {
        /// The music stood still for `limit`: say so, and show the player as waiting.
        case announceSilence
        /// Open the output again (mpv's `ao-reload`).
        case reopenOutput
        /// The music moves again after a silence: say so.
        case announceMotion
        /// A silence ended without motion (a pause, a stop): show it, say nothing.
        case clear
    }

    /// How long the music may stand still while playing. Above the handle's stall limit and
    /// its probe (`MPVHandle.stallLimit`), so that an output that holds the core is that
    /// one's to say; below what a listener waits before reaching for the plug.
    static let limit: Duration = .seconds(8)

    /// Since when the music is expected to move, or moved last.
    private(set) var since: Instant
    /// When the output was opened again last, while a silence lasts.
    private var lastReopen: Instant?

    var isSilent: Bool { lastReopen != nil }

    init(now: Instant = .now) {
        since = now
    }

    @discardableResult
    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .moved(let now):
            return waitAgain(from: now, ending: .announceMotion)
        case .looked(let now, watching: false):
            return waitAgain(from: now, ending: .clear)
        case .looked(let now, watching: true):
            guard now - since >= Self.limit else { return [] }
            guard let lastReopen else {
                lastReopen = now
                return [.announceSilence, .reopenOutput]
            }
            guard now - lastReopen >= Self.limit else { return [] }
            self.lastReopen = now
            return [.reopenOutput]
        }
    }

    /// Counts from `now` again; a silence under way ends with `effect`.
    private mutating func waitAgain(from now: Instant, ending effect: Effect) -> [Effect] {
        since = now
        guard isSilent else { return [] }
        lastReopen = nil
        return [effect]
    }
}
