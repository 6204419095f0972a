import CDWallyCore
import CDWallyVocabulary
import Foundation

/// The listen in progress (`ListeningLog`): begun when a disc is loaded, counted while mpv's
/// place moves on in play, kept on disk with every resume point, and ended when the disc
/// stops being played: another disc, a stop, its end, a failed output, the player's end.
/// What counts as heard is `ListenTracker`'s; `listeningDid` is the one place its effects run.
extension PlayerEngine {
    /// Applies `event` to what is heard and runs every effect it asks for.
    func listeningDid(_ event: ListenTracker.Event) {
        for effect in listening.apply(event) {
            switch effect {
            case .saveHeardPlace:
                if isActive { saveCurrent(at: elapsed) }
            case .log(let ended):
                let length = disc.flatMap { $0.album.id == ended.disc ? $0.album.duration : nil }
                log.end(ended, discSeconds: length) { [hub] error in hub.emit(.error(error)) }
            }
        }
    }

    /// Begins the listen of `album`, unheard until mpv confirms that the output plays it.
    func beginListen(_ album: Album) {
        endListen(finished: false)
        listeningDid(
            .loaded(
                Listen(
                    disc: album.id, artist: album.albumArtist, title: album.title, start: Date(), seconds: 0,
                    finished: false)))
    }

    /// Counts the step from `old` to `new` (mpv's place, in one track) as heard when playing.
    func noteHeard(from old: Double, to new: Double) {
        listeningDid(.moved(from: old, to: new, playing: state == .playing))
    }

    /// Counts the end of the track being left as heard when mpv's place was within a step of
    /// it: mpv starts the next track (or ends the disc) while the last moments of this one are
    /// still in the output's buffer, and reports no place for them.
    func noteRestOfTrackHeard() {
        guard let duration else { return }
        noteHeard(from: elapsed, to: duration)
    }

    /// Keeps the listen in progress on disk: called with every resume point, so that a power
    /// cut loses no more of it than of the place.
    func keepListen() {
        guard let listen = listening.keptListen else { return }
        log.keep(inProgress: listen) { [hub] error in hub.emit(.error(error)) }
    }

    /// Ends the listen in progress, if any; it goes into the log when it is worth keeping.
    func endListen(finished: Bool) {
        listeningDid(.ended(finished: finished))
    }
}
