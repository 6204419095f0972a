/// The requests the engine posted to mpv whose replies have not come, and what each is for;
/// and the number of the disc loaded last, which the purposes carry, so that a reply about an
/// earlier disc is told apart. mpv answers every request once, in the order they were sent,
/// with its events (`MPVHandle.post`).
///
/// Plain data, owned by the engine.
struct ReplyBook: Equatable {
    /// What a reply is for.
    enum Purpose: Equatable {
        /// Nothing but a failure to log.
        case plain(String)
        /// Track `index` (0-based) of load number `load` was appended: the reply names its
        /// entry.
        case appended(load: Int, index: Int)
        /// A plain entry for the resumed track `index` of load `load` was appended, to take
        /// the place of the one with a `start` option (`replaceResumedEntry`).
        case replacement(load: Int, index: Int)
        /// A seek to `seconds` in load `load`.
        case seek(load: Int, seconds: Double)
        /// A move to another track of load `load` (`TrackCursor.commanded`).
        case move(load: Int)
        /// A level for the output's own mixer: refused by an output without one, which takes
        /// the level and mute back to these.
        case mixer(level: Int, muted: Bool)
    }

    private var pending: [UInt64: Purpose] = [:]
    /// The number of the disc loaded last (0 before the first).
    private(set) var load = 0

    /// Numbers a new load of a disc.
    mutating func beginLoad() -> Int {
        load += 1
        return load
    }

    mutating func posted(_ id: UInt64, for purpose: Purpose) {
        pending[id] = purpose
    }

    /// What reply `id` is for, once; nil for a reply the engine did not ask for.
    mutating func answer(_ id: UInt64) -> Purpose? {
        pending.removeValue(forKey: id)
    }

    /// Replies still to come.
    var outstanding: Int { pending.count }
}
