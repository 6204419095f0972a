import CDWallyCore

/// The player's state in the one shape every door writes: `cdwally status --json`, the control
/// socket's answers and the web remote's state (which adds its revisions and covers around it).
///
/// The player builds it from a snapshot; the client reads it back from the wire and writes
/// it again in the documented key order (parsed JSON objects lose their order).
public struct PlayerStatus: Sendable, Hashable {
    /// The disc the player holds.
    public struct Disc: Sendable, Hashable {
        /// 1-based wallet position; nil when a wallet update dropped the disc.
        public var position: Int?
        public var id: String
        public var albumArtist: String
        public var album: String
        /// The album's year, when known; tracks on the disc. An older player sends neither.
        public var year: Int?
        public var trackCount: Int?

        public init(
            position: Int?, id: String, albumArtist: String, album: String, year: Int? = nil,
            trackCount: Int? = nil
        ) {
            self.position = position
            self.id = id
            self.albumArtist = albumArtist
            self.album = album
            self.year = year
            self.trackCount = trackCount
        }
    }

    /// The current track.
    public struct Track: Sendable, Hashable {
        /// 1-based place in the disc's play order.
        public var index: Int
        public var disc: Int
        public var track: Int?
        public var title: String
        public var artist: String
        /// For display: invalid UTF-8 shows as U+FFFD.
        public var path: String
        /// Seconds: mpv's measure once the file is open, TagLib's estimate before.
        public var duration: Double

        public init(
            index: Int, disc: Int, track: Int?, title: String, artist: String, path: String, duration: Double
        ) {
            self.index = index
            self.disc = disc
            self.track = track
            self.title = title
            self.artist = artist
            self.path = path
            self.duration = duration
        }
    }

    public var state: PlaybackState
    /// The audio output takes no audio and the player waits for it (a pipe nobody reads, a
    /// hung device); a player older than this sends none: false.
    public var waitingForOutput: Bool
    public var disc: Disc?
    public var track: Track?
    /// Seconds into the current track (when stopped: where playing will resume).
    public var elapsed: Double
    /// The track's length as mpv measured it once the file is open; nil before (and from an
    /// older player, which sends only the track's `duration`).
    public var duration: Double?
    /// Tracks on the current disc; 0 when there is none.
    public var trackCount: Int
    /// The volume level and mute (a player older than volume sends none: 100, not muted).
    public var volume: Int
    public var muted: Bool
    /// The highest and lowest level a door may set (`volume_limit`, `volume_min`); an older
    /// player sends none: nil.
    public var volumeLimit: Int?
    public var volumeMin: Int?
    /// The sleep timer: seconds left, or end-of-disc; nil when none is set.
    public var sleep: Sleep?
    /// The disc plays in an order drawn once (an older player sends none: false).
    public var shuffle: Bool
    /// What the player waits for before it can play (a library disk not mounted yet, a CDs
    /// playlist not there yet): its path, or nil. The host fills it in; an older player sends none.
    public var waitingFor: String?
    /// The library's folder while its file system does not answer (a network share whose
    /// server went away): the music waits for it. The host fills it in; an older player sends
    /// none.
    public var notAnswering: String?
    /// How the player was started (`player` on the wire); the host fills it in, and a
    /// player older than this field sends none.
    public var setup: Setup?
    /// The last card read (`lastCard` on the wire); the host fills it in, nil before any card.
    public var lastCard: LastCard?

    public enum Sleep: Sendable, Hashable {
        case secondsLeft(Int)
        case endOfDisc
    }
    /// When the sleep timer ends (seconds since 1970), for a clock of its own; nil without a
    /// timer (and from an older player).
    public var sleepUntil: Double?

    public init(
        state: PlaybackState, disc: Disc?, track: Track?, elapsed: Double, trackCount: Int,
        volume: Int = 100,
        muted: Bool = false, sleep: Sleep? = nil, waitingForOutput: Bool = false, waitingFor: String? = nil,
        setup: Setup? = nil, duration: Double? = nil, sleepUntil: Double? = nil, shuffle: Bool = false
    ) {
        self.shuffle = shuffle
        self.duration = duration
        self.sleepUntil = sleepUntil
        self.state = state
        self.waitingForOutput = waitingForOutput
        self.disc = disc
        self.track = track
        self.elapsed = elapsed
        self.trackCount = trackCount
        self.volume = volume
        self.muted = muted
        self.sleep = sleep
        self.waitingFor = waitingFor
        self.setup = setup
    }

    public init(snapshot: PlayerSnapshot) {
        state = snapshot.state
        waitingForOutput = snapshot.waitingForOutput
        disc = snapshot.disc.map {
            Disc(
                position: $0.position, id: $0.album.id.rawValue, albumArtist: $0.album.albumArtist,
                album: $0.album.title, year: $0.album.year, trackCount: $0.album.trackCount)
        }
        if let track = snapshot.track, let index = snapshot.trackIndex {
            self.track = Track(
                index: index, disc: track.disc, track: track.track, title: track.title, artist: track.artist,
                path: track.path.display, duration: snapshot.duration ?? track.duration)
        } else {
            track = nil
        }
        elapsed = snapshot.elapsed
        duration = snapshot.duration
        trackCount = snapshot.disc?.album.trackCount ?? 0
        volume = snapshot.volume
        muted = snapshot.muted
        volumeLimit = snapshot.volumeBounds.top
        volumeMin = snapshot.volumeBounds.bottom
        shuffle = snapshot.shuffle
        switch snapshot.sleep {
        case .at(let deadline)?:
            sleep = snapshot.sleep?.secondsLeft().map { .secondsLeft($0) }
            sleepUntil = deadline.timeIntervalSince1970
        case .endOfDisc?: sleep = .endOfDisc
        case nil: sleep = nil
        }
    }
}
