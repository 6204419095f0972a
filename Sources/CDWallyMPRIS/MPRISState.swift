/// Everything the MPRIS server publishes about the player, except the position, which
/// moves all the time and is read from the delegate when a client asks.
///
/// The player side builds a new value whenever something changes and hands it to
/// `MPRISServer.update(_:)`; the server works out which properties changed.
public struct MPRISState: Equatable, Sendable {
    public var playbackStatus: MPRISPlaybackStatus
    /// The current track, or nil when there is none (then `Metadata` is empty).
    public var metadata: MPRISMetadata?
    public var canGoNext: Bool
    public var canGoPrevious: Bool
    public var canPlay: Bool
    public var canPause: Bool
    public var canSeek: Bool
    /// 1.0 is full volume; MPRIS allows more.
    public var volume: Double
    /// The disc plays in an order drawn once (`shuffle`).
    public var shuffle: Bool

    public init(
        playbackStatus: MPRISPlaybackStatus = .stopped, metadata: MPRISMetadata? = nil,
        canGoNext: Bool = false, canGoPrevious: Bool = false, canPlay: Bool = false,
        canPause: Bool = false, canSeek: Bool = false, volume: Double = 1.0,
        shuffle: Bool = false
    ) {
        self.playbackStatus = playbackStatus
        self.metadata = metadata
        self.canGoNext = canGoNext
        self.canGoPrevious = canGoPrevious
        self.canPlay = canPlay
        self.canPause = canPause
        self.canSeek = canSeek
        self.volume = volume
        self.shuffle = shuffle
    }
}
