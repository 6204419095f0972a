import CDWallyCore

/// What the player tells its front ends, in the order it happened.
public enum PlayerEvent: Sendable, Hashable {
    /// Anything shown changed: state, disc, track, duration, wallet, or the elapsed time
    /// passed a whole second. Finer positions are in `Player.snapshot`.
    case snapshotChanged(PlayerSnapshot)
    /// mpv opened the next track and starts it (gapless: the previous one may still be
    /// audible briefly). A track that fails to open is announced by `trackSkipped` instead.
    case trackChanged(PlayerSnapshot)
    /// A seek landed, including the jump to a resumed position (MPRIS `Seeked`).
    case seeked(PlayerSnapshot)
    /// The disc played to its end, or `next` was pressed on its last track.
    case discFinished(Album)
    /// Playback stopped by itself and nothing follows: the disc ended with `--then stop`, or
    /// the last disc ended with `--then next` and no `--repeat` (`walletPlayedThrough`), or the
    /// next disc failed to load.
    case playbackFinished(walletPlayedThrough: Bool)
    /// A track could not be played (missing, unreadable, undecodable) and was skipped.
    case trackSkipped(path: RawPath, reason: String)
    case warning(PlayerWarning)
    /// An error that no command's caller will see: audio output lost while playing, every
    /// track of a disc failing, positions that could not be saved.
    case error(PlayerError)
}
