import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary
import Foundation

/// `play` without a terminal: one plain line per track change on stdout, no escape codes,
/// warnings on stderr; ends when playback stops by itself: the disc ended with `--then stop`,
/// or the last disc with `--then next` (docs/PRODUCT.md §5, §8).
struct PlainPlayback {
    let host: PlayerHost
    private let events: AsyncStream<PlayerEvent>

    /// Subscribes at once: made before playback starts, it sees the first track too.
    init(host: PlayerHost) {
        self.host = host
        events = host.view.events()
    }

    func run() async {
        let host = self.host
        let events = self.events
        let watcher = Task {
            for await event in events {
                switch event {
                case .trackChanged(let snapshot):
                    if let line = PlainPlayback.line(for: snapshot) { PlainPlayback.emit(line) }
                case .playbackFinished:
                    host.requestShutdown()
                default:
                    // What a listener reads on stdout, the rest on stderr, as `serve` logs it.
                    guard let notice = event.notice else { break }
                    if notice.level == .info {
                        PlainPlayback.emit(notice.text)
                    } else {
                        ServeCommand.log(notice, to: host.logger)
                    }
                }
            }
            host.requestShutdown()
        }
        await host.waitForShutdownRequest()
        watcher.cancel()
    }

    /// Prints a line (tags cleaned of control characters) and flushes it: a pipe or log
    /// file should see each track as it starts, not when a buffer fills.
    static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((ShownText.clean(line) + "\n").utf8))
    }

    /// "Disc 2 · Track 3/12 · Artist — Album — Title (4:05)".
    static func line(for snapshot: PlayerSnapshot) -> String? {
        guard let disc = snapshot.disc, let track = snapshot.track, let index = snapshot.trackIndex else {
            return nil
        }
        let position = disc.position.map { "Disc \($0)" } ?? "Disc"
        let duration = Format.duration(snapshot.duration ?? track.duration)
        return
            "\(position) · Track \(index)/\(disc.album.trackCount) · \(track.artist) — \(disc.album.title) — "
            + "\(track.title) (\(duration))"
    }
}
