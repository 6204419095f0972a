import CDWallyCore

/// The read side of the player, all from memory: what a front end shows. No file is read or
/// renamed by any of these (the player's own files are the player's), so a GET or a display
/// can never move the user's data.
public protocol PlayerView: Sendable {
    /// The state now, as last published; cheap, from any thread.
    var snapshot: PlayerSnapshot { get }
    /// A new stream of everything that happens from now on; it ends when the player shuts down.
    func events() -> AsyncStream<PlayerEvent>
    /// Where `album` resumes, as the player holds it; nil when it has no saved place.
    func resumePoint(for album: Album) -> ResumePoint?
    /// Every disc's listening totals, the listen in progress included, as the player holds
    /// them; a stamp ahead of the clock is undated (`ListeningHistory.dated(asOf:)`).
    var listeningTotals: [AlbumID: DiscTotals] { get }
}
