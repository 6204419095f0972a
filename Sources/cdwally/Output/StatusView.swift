import CDWallyControl
import CDWallyPlayer
import CDWallyVocabulary
import Foundation

/// A running player's state in two lines for people:
/// `▶ Playing  Disc 2  Track 3/12  1:23 / 4:05` and `  Artist — Album — Title`. Playing
/// into an output that takes no audio, it says so instead of "Playing": time stands still.
enum StatusView {
    static func render(_ status: PlayerStatus) -> String {
        let word =
            switch status.state {
            case .playing where status.waitingForOutput && status.notAnswering != nil:
                "… Waiting for the library"
            case .playing where status.waitingForOutput: "… Waiting for the audio output"
            case .playing: "▶ Playing"
            case .paused: "❚❚ Paused"
            case .stopped: "■ Stopped"
            case .idle: "Idle"
            }
        guard let disc = status.disc else {
            if let waiting = status.waitingFor {
                return "\(word): waiting for \(waiting), which is not there yet (a disk not mounted?)"
            }
            return "\(word): no disc chosen yet; start one with `cdwally disc N` or `cdwally resume`"
        }
        let position = disc.position.map { "Disc \($0)" } ?? "Disc (no longer in the wallet)"
        guard let track = status.track else {
            return "\(word)  \(position)\n  \(disc.albumArtist) — \(disc.album)"
        }
        let time = "\(Format.duration(status.elapsed)) / \(Format.duration(track.duration))"
        return "\(word)  \(position)  Track \(track.index)/\(status.trackCount)  \(time)\n"
            + "  \(track.artist) — \(disc.album) — \(track.title)" + extras(status)
    }

    /// The same in one line, for `status --follow`: a status bar shows one line at a time.
    static func line(_ status: PlayerStatus) -> String {
        render(status).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "  ")
    }

    /// `status` for people: the state, and the last card read when a card was read.
    static func renderWithCard(_ status: PlayerStatus) -> String {
        render(status) + (status.lastCard.map { "\n\($0.text)" } ?? "")
    }

    /// A third line when the volume is not at 100, the disc is shuffled or a sleep timer is set.
    private static func extras(_ status: PlayerStatus) -> String {
        var parts: [String] = []
        if status.muted {
            parts.append("Volume \(status.volume), muted")
        } else if status.volume != 100 {
            parts.append("Volume \(status.volume)")
        }
        if status.shuffle { parts.append("shuffle") }
        switch status.sleep {
        case .secondsLeft(let seconds)?: parts.append("sleep in \(Format.duration(Double(seconds)))")
        case .endOfDisc?: parts.append("sleep at the end of the disc")
        case nil: break
        }
        if let waiting = status.waitingFor { parts.append("waiting for \(waiting)") }
        if let silent = status.notAnswering {
            parts.append("the library at \(silent) does not answer (a network share gone?)")
        }
        return parts.isEmpty ? "" : "\n  " + parts.joined(separator: " · ")
    }
}
