import CDWallyCore
import CDWallyVocabulary

/// The disc in the player and where it stands: what the snapshot shows of it, and what nearly
/// every rule reads. The track the listener is on is the cursor's (`TrackCursor`); the seeks
/// and mpv's view are kept beside (`SeekTracker`, `OutputCondition`).
///
/// - The state changes only through the moves below, each the one way a rule of the player
///   gets there: a disc loaded plays, a pause and a play go between playing and paused, a stop
///   keeps the place (for `play`) and drops the length (of a track mpv no longer holds), and a
///   disc played to its end goes back to its start.
/// - Shuffle is the disc's: another disc loaded in its place plays in its own order.
/// - The length is the tags' until mpv reports its own, since mpv says nothing when the next
///   track is as long as the last (a gapless change).
///
/// Plain data, owned by the engine.
struct DiscPlace {
    private(set) var state = PlaybackState.idle
    /// The disc in the player, with its place in the wallet (nil: the wallet let it go).
    var disc: CurrentDisc?
    /// Seconds into the listener's track: mpv's place, or where a seek or a track change put it.
    var elapsed = 0.0
    /// The track's length, in seconds, when known.
    var duration: Double?
    /// The disc's entries while mpv holds them; nil when stopped or idle.
    var queue: DiscQueue?
    /// The disc plays in a drawn order (`PlayerEngine+Shuffle.swift`); never saved.
    var shuffle = false

    /// A disc is loaded in mpv, playing or paused.
    var isActive: Bool { state == .playing || state == .paused }

    /// Track `number` (1-based) of the disc, if it has one.
    func track(_ number: Int?) -> AlbumTrack? {
        guard let disc, let number, disc.album.tracks.indices.contains(number - 1) else { return nil }
        return disc.album.tracks[number - 1]
    }

    /// Track `number`'s length as its tags give it, or nil when they give none.
    func taggedDuration(ofTrack number: Int) -> Double? {
        guard let seconds = track(number)?.duration, seconds > 0 else { return nil }
        return seconds
    }

    /// mpv holds `album`'s tracks (`queue`), in the album's order unless the disc it replaces
    /// is this one, shuffled.
    mutating func queue(_ album: Album, in queue: DiscQueue) {
        if disc?.album.id != album.id { shuffle = false }
        self.queue = queue
    }

    /// The album queued plays from `start`, at `position` in the wallet.
    mutating func start(_ album: Album, at position: Int?, from start: ResumePoint) {
        disc = CurrentDisc(album: album, position: position)
        state = .playing
        enter(track: start.track, at: start.position)
    }

    /// A load that failed half-way: mpv holds nothing, and the disc before it (if any) is
    /// stopped where it stood.
    mutating func abandonLoad() {
        queue = nil
        state = disc == nil ? .idle : .stopped
    }

    /// The listener is on track `number`, `position` seconds in.
    mutating func enter(track number: Int, at position: Double) {
        elapsed = position
        duration = taggedDuration(ofTrack: number)
    }

    mutating func pause() {
        if state == .playing { state = .paused }
    }

    mutating func play() {
        if state == .paused { state = .playing }
    }

    /// Stopped where it stood: the place stays, for `play`; the length goes with the track mpv
    /// no longer holds.
    mutating func stop() {
        guard isActive else { return }
        state = .stopped
        duration = nil
    }

    /// The disc played to its end: stopped at its start.
    mutating func finish() {
        state = .stopped
        elapsed = 0
        duration = nil
    }
}
