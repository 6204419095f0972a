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
    /// The software volume in percent (100: the signal as it is).
    public var volume: Double
    public var muted: Bool

    public init(
        state: PlaybackState, disc: CurrentDisc?, trackIndex: Int?, track: AlbumTrack?, elapsed: Double,
        duration: Double?, wallet: Wallet, volume: Double = 100, muted: Bool = false
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
    }

    /// The state before anything was chosen.
    public static func idle(wallet: Wallet) -> PlayerSnapshot {
        PlayerSnapshot(
            state: .idle, disc: nil, trackIndex: nil, track: nil, elapsed: 0, duration: nil, wallet: wallet)
    }
}
