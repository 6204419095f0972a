import CDWallyCore
import CDWallyVocabulary

/// The LCD line of a CD player, `DISC 03  TRACK 04/12  02:17 / 05:43  PLAY`, and the
/// clock it shows times in.
enum LCDText {
    /// The full form when it fits, a compact one on narrow terminals, cut as a last resort.
    static func line(_ snapshot: PlayerSnapshot, width: Int) -> String {
        let parts = fields(snapshot)
        let full =
            "DISC \(parts.disc)  TRACK \(parts.track)/\(parts.total)  \(parts.elapsed) / \(parts.duration)  "
            + parts.state
        if DisplayWidth.of(full) <= width { return full }
        let compact =
            "DISC \(parts.disc) TRACK \(parts.track)/\(parts.total) \(parts.elapsed)/\(parts.duration) "
            + parts.state
        if DisplayWidth.of(compact) <= width { return compact }
        let tiny = "D\(parts.disc) T\(parts.track) \(parts.elapsed) \(parts.state)"
        return DisplayWidth.truncate(tiny, to: width)
    }

    static func stateWord(_ state: PlaybackState) -> String {
        switch state {
        case .playing: "PLAY"
        case .paused: "PAUSE"
        case .stopped, .idle: "STOP"
        }
    }

    /// Minutes and seconds, "02:17"; past 99 minutes the minutes grow ("123:45");
    /// "--:--" for an unknown time.
    static func clock(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite else { return "--:--" }
        let whole = Int(max(0, seconds).rounded(.down))
        return "\(ScreenText.padded(whole / 60, digits: 2)):\(ScreenText.padded(whole % 60, digits: 2))"
    }

    private static func fields(_ snapshot: PlayerSnapshot) -> (
        disc: String, track: String, total: String, elapsed: String, duration: String, state: String
    ) {
        // Waiting for the audio output, nothing is heard whatever the state says.
        let state = snapshot.waitingForOutput ? "WAIT" : stateWord(snapshot.state)
        guard let disc = snapshot.disc else {
            return ("--", "--", "--", "--:--", "--:--", state)
        }
        let discDigits = max(2, String(snapshot.wallet.discs.count).count)
        let trackDigits = max(2, String(disc.album.trackCount).count)
        let duration = snapshot.duration ?? snapshot.track.map(\.duration).flatMap { $0 > 0 ? $0 : nil }
        // Round the length as `discs` does, and never show more elapsed than that.
        let length = duration.map { $0.rounded() }
        let elapsed = length.map { min(snapshot.elapsed, $0) } ?? snapshot.elapsed
        return (
            disc.position.map { ScreenText.padded($0, digits: discDigits) } ?? "--",
            snapshot.trackIndex.map { ScreenText.padded($0, digits: trackDigits) } ?? "--",
            ScreenText.padded(disc.album.trackCount, digits: trackDigits),
            clock(elapsed), clock(length), state
        )
    }
}
