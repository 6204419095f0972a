/// Which track the listener is on, and which entry mpv is on, which are not always the same.
///
/// - A command (`next`, `previous`, `track N`, a disc's load) moves the listener at once
///   (`commanded`): mpv's place is the old track's until mpv starts the new one, and that start
///   applies whatever else holds.
/// - While paused, mpv's decoder fills its buffer past the end of the paused track (through a
///   pipe, seconds ahead) and starts the next one: the listener is still on the paused track,
///   so that start is held (`startedWhilePaused`) and applied when playback goes on, or before
///   a seek, which mpv applies to the track it holds. The file mpv opens meanwhile is the held
///   track's: it is announced with that track, not as the paused one's.
/// - mpv may start an entry before the engine knows which track it is (the reply to its
///   `loadfile` still on its way): the engine applies the start once it knows, and the file's
///   opening with it if mpv opened it already.
///
/// Plain data, owned by the engine: events in, what to apply out. Tracks are 1-based.
struct TrackCursor: Equatable {
    enum Event: Equatable {
        /// A command moved the listener to `track`.
        case commanded(track: Int)
        /// The place was set without mpv (the disc ended, the wallet changed while stopped).
        case placed(track: Int?)
        /// mpv refused to move: it stays where it is, and its place counts again.
        case moveRefused
        /// mpv stopped: nothing it started counts any more.
        case stopped
        /// mpv started `entry`, track `track` of the disc (nil: of no disc the engine holds);
        /// `paused` says whether the listener paused, `commanded` whether the engine applies a
        /// start mpv made earlier (held while paused, or made before the engine knew the entry),
        /// whose file may be open already.
        case mpvStarted(entry: Int64, track: Int?, paused: Bool, commanded: Bool)
        /// mpv opened the file of the entry it started last.
        case fileLoaded
        /// Playback goes on, or a seek comes: a start held while paused applies now.
        case catchUp
    }

    enum Effect: Equatable {
        /// The listener is on `track` now, from its start; `left` when that left another track.
        case started(track: Int, left: Bool)
        /// Apply mpv's start of `entry`, held while paused, as a commanded one.
        case startHeld(entry: Int64)
        /// The listener's track's file is open (mpv's FILE_LOADED, or a late start of an entry
        /// mpv opened already): the track is announced, and a seek kept for it goes.
        case opened
    }

    /// The track the listener is on.
    private(set) var track: Int?
    /// A track a command moved to, until mpv starts it.
    private(set) var commanded: Int?
    /// A start mpv made while paused, held until playback goes on.
    private(set) var startedWhilePaused: Int64?
    /// The entry mpv started last, whichever disc it belonged to, and the one it opened last.
    private(set) var activeEntry: Int64?
    private(set) var loadedEntry: Int64?

    /// The entry mpv started last, held while paused or applied: the one it opens now.
    var openingEntry: Int64? { startedWhilePaused ?? activeEntry }

    @discardableResult
    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .commanded(let number):
            // A track mpv started ahead while paused is not where the listener goes now.
            (track, commanded, startedWhilePaused) = (number, number, nil)
        case .placed(let number):
            track = number
        case .moveRefused:
            commanded = nil
        case .stopped:
            (startedWhilePaused, commanded) = (nil, nil)
        case .mpvStarted(let entry, let number, let paused, let asked):
            // The track a command moved to starts at once, paused or not.
            let isCommanded = asked || (number != nil && number == commanded)
            if paused && !isCommanded {
                startedWhilePaused = entry
                return []
            }
            activeEntry = entry
            // mpv's own start comes before the file opens; a late one may come after.
            let opened = asked && loadedEntry == entry
            if !asked { loadedEntry = nil }
            guard let number else { return [] }
            if number == commanded { commanded = nil }
            let left = number != track
            track = number
            return [.started(track: number, left: left)] + (opened ? [.opened] : [])
        case .fileLoaded:
            // The file of a start held while paused is that start's, applied with it.
            if let held = startedWhilePaused {
                loadedEntry = held
                return []
            }
            loadedEntry = activeEntry
            return [.opened]
        case .catchUp:
            guard let entry = startedWhilePaused else { return [] }
            startedWhilePaused = nil
            return [.startHeld(entry: entry)]
        }
        return []
    }
}
