/// Where the engine's seeks stand with mpv. mpv reports its place (`time-pos`) from before a
/// seek until it has carried it out: from the seek's post, through its reply, to its
/// PLAYBACK_RESTART. Meanwhile the engine's place (where the seek went) stands, and this says
/// so (`isPlaceAhead`). Between a track's start and mpv having opened its file, mpv refuses to
/// seek: a seek asked for then waits here and goes once the file is open; so does one mpv
/// refused while a track changed.
///
/// Plain data, owned by the engine: mpv's events and replies in, the seeks to post out.
struct SeekTracker: Equatable {
    enum Event: Equatable {
        /// A seek to `seconds` into the track; `trackStarting` while the track a command or
        /// mpv started is not open yet.
        case asked(seconds: Double, trackStarting: Bool)
        /// The seek reached mpv's queue.
        case posted
        /// mpv carried out a seek.
        case carriedOut
        /// mpv refused a seek (a track was changing); it is tried again on the next file at
        /// `retryAt`, or dropped when nil (it was for an earlier disc).
        case refused(retryAt: Double?)
        /// mpv's SEEK event for the disc's entry: a seek is under way.
        case mpvSeeks
        /// mpv's PLAYBACK_RESTART for the disc's entry.
        case restarted
        /// A track started; the last track's seek is moot.
        case trackStarted
        /// The track's file is open.
        case fileLoaded
        /// mpv stopped: nothing it holds is sought any more.
        case stopped
        /// A disc was loaded: no seek of an earlier one counts.
        case loaded
    }

    enum Effect: Equatable {
        /// Post a seek to `seconds` into the track.
        case post(seconds: Double)
        /// A seek was carried out and is heard: tell the subscribers.
        case announceSeeked
    }

    /// Seeks posted whose reply has not come.
    private(set) var unanswered = 0
    /// A seek was carried out and its PLAYBACK_RESTART has not come.
    private(set) var awaitsRestart = false
    /// A seek waiting for the track's file to open.
    private(set) var pending: Double?
    /// The track started and its file is not open yet.
    private(set) var isOpeningTrack = false
    /// mpv said it seeks (by our request or its own).
    private(set) var isSeeking = false

    /// mpv's place is from before a seek the engine asked for.
    var isPlaceAhead: Bool { unanswered > 0 || awaitsRestart || pending != nil }

    @discardableResult
    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .asked(let seconds, let trackStarting):
            guard !trackStarting else {
                pending = seconds
                return []
            }
            return [.post(seconds: seconds)]
        case .posted:
            unanswered += 1
        case .carriedOut:
            unanswered = max(0, unanswered - 1)
            awaitsRestart = true
        case .refused(let retryAt):
            unanswered = max(0, unanswered - 1)
            if let retryAt { pending = retryAt }
        case .mpvSeeks:
            isSeeking = true
        case .restarted:
            if unanswered == 0 { awaitsRestart = false }
            if isSeeking {
                isSeeking = false
                return [.announceSeeked]
            }
        case .trackStarted:
            (isOpeningTrack, isSeeking, awaitsRestart) = (true, false, false)
        case .fileLoaded:
            isOpeningTrack = false
            if let seconds = pending {
                pending = nil
                return [.post(seconds: seconds)]
            }
        case .stopped:
            (awaitsRestart, isOpeningTrack, pending) = (false, false, nil)
        case .loaded:
            (isSeeking, unanswered, awaitsRestart) = (false, 0, false)
        }
        return []
    }
}
