import CDWallyVocabulary

/// What of the disc is heard, and so saved and logged (docs/PRODUCT.md §10, "only what was
/// heard counts"): the listen in progress (`ListeningLog`), whether the disc loaded last has
/// reached the output yet, and when its place was saved last.
///
/// - A disc loaded is unheard until mpv confirms that the output plays it (a playback restart
///   or a place moving on with an output open, an end of file): meanwhile its listen is
///   neither kept on disk nor logged, and its place is not saved as playing, so a start that
///   fails (an output that cannot open) leaves the resume file and the listens as they were.
/// - Seconds heard are steps of mpv's place while playing, each no longer than
///   `largestHeardStep`: a pause, a stalled output or a file opening adds nothing, and a
///   seek's jump is not heard.
/// - A listen ends once; an unheard one is dropped, not logged.
/// - The place is saved again after `saveInterval` of playing since the last save (or resume).
///
/// Plain data, owned by the engine: what mpv and the commands did in, what to save and log
/// out. The clock is passed in, so the tests need not wait.
struct ListenTracker: Equatable {
    typealias Instant = ContinuousClock.Instant

    enum Event: Equatable {
        /// A disc was loaded: its listen begins, unheard, and replaces any left (the shell
        /// ends the last one first).
        case loaded(Listen)
        /// mpv's place moved from `old` to `new` in one track; `playing` unless paused.
        case moved(from: Double, to: Double, playing: Bool)
        /// mpv confirmed that the output plays the disc loaded last.
        case confirmed
        /// The place was saved at `at`, or needs no save for a while from then (a resume).
        case saved(at: Instant)
        /// The disc stops being played (another disc, a stop, its end, the player's end).
        case ended(finished: Bool)
    }

    enum Effect: Equatable {
        /// The disc was just heard for the first time: save its place, now as playing.
        case saveHeardPlace
        /// The listen ended, heard: into the log.
        case log(Listen)
    }

    /// The largest step of mpv's place taken as heard: its reports come ten times a second, an
    /// output held by a slow reader delays them up to a second; a longer step is a seek.
    static let largestHeardStep = 3.0

    /// The listen in progress, heard or not.
    private(set) var listen: Listen?
    /// The disc loaded last has not reached the output yet.
    private(set) var isUnheard = false
    /// When the place was saved last.
    private(set) var lastSave: Instant

    init(now: Instant = .now) {
        lastSave = now
    }

    /// The listen to keep on disk with a resume point: none before the disc is heard.
    var keptListen: Listen? { isUnheard ? nil : listen }

    /// Whether a periodic save of the place is due at `now`.
    func isSaveDue(at now: Instant, every interval: Duration) -> Bool {
        now - lastSave >= interval
    }

    /// Whether the disc's place may be saved (`playing` as what `serve` restores). Before its
    /// first sound it is not; but a pause or a stop of the disc saved last (`isLastSaved`) is,
    /// or the next `serve` would play on by itself.
    func maySave(playing: Bool, isLastSaved: Bool) -> Bool {
        !isUnheard || (!playing && isLastSaved)
    }

    @discardableResult
    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .loaded(let begun):
            listen = begun
            isUnheard = true
        case .moved(let old, let new, let playing):
            let step = new - old
            if playing, step > 0, step <= Self.largestHeardStep { listen?.seconds += step }
        case .confirmed:
            guard isUnheard else { return [] }
            isUnheard = false
            return [.saveHeardPlace]
        case .saved(let now):
            lastSave = now
        case .ended(let finished):
            guard var ended = listen else { return [] }
            listen = nil
            // Nothing of it was heard: not a listen, and the log's files stay untouched.
            if isUnheard { return [] }
            ended.finished = finished
            return [.log(ended)]
        }
        return []
    }
}
