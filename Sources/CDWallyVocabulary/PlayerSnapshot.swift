import CDWallyCore

/// The player's state at one moment: everything a display, a status command or MPRIS shows.
public struct PlayerSnapshot: Sendable, Hashable {
    public var state: PlaybackState
    /// The disc chosen; nil only while idle.
    public var disc: CurrentDisc?
    /// 1-based index of the current track in the disc's play order.
    public var trackIndex: Int?
    public var track: AlbumTrack?
    /// Seconds into the current track (when stopped: where playing will resume).
    public var elapsed: Double
    /// The current track's length in seconds as mpv measured it, once the file is open.
    public var duration: Double?
    public var wallet: Wallet
    /// The volume level, 0…`volume-max` (100 unless configured higher).
    public var volume: Int
    public var muted: Bool
    /// Where a level asked is set instead (`volume_limit`, `volume_min`), for a slider that
    /// ends there.
    public var volumeBounds = VolumeBounds()
    /// The sleep timer, when one is set.
    public var sleep: SleepState?
    /// The audio output takes no audio and mpv waits inside it (a pipe nobody reads, a hung
    /// device): the state says what was asked for, but nothing is heard and time stands.
    public var waitingForOutput: Bool
    /// The output holds mpv's core, so commands but `stop` and `sleep` are refused (a silence
    /// with the core answering also waits for the output, and takes every command).
    public var outputHoldsPlayer = false
    /// The disc plays in an order drawn once (`shuffle`), not the album's.
    public var shuffle: Bool

    public init(
        state: PlaybackState, disc: CurrentDisc?, trackIndex: Int?, track: AlbumTrack?, elapsed: Double,
        duration: Double?, wallet: Wallet, volume: Int = 100, muted: Bool = false, sleep: SleepState? = nil,
        waitingForOutput: Bool = false, shuffle: Bool = false
    ) {
        self.state = state
        self.disc = disc
        self.trackIndex = trackIndex
        self.track = track
        self.elapsed = elapsed
        self.duration = duration
        self.wallet = wallet
        self.volume = volume
        self.muted = muted
        self.sleep = sleep
        self.waitingForOutput = waitingForOutput
        self.shuffle = shuffle
    }

    /// The state before anything was chosen.
    public static func idle(wallet: Wallet) -> PlayerSnapshot {
        PlayerSnapshot(
            state: .idle, disc: nil, trackIndex: nil, track: nil, elapsed: 0, duration: nil, wallet: wallet)
    }
}
