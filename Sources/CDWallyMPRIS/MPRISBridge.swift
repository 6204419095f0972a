import CDWallyCore
import CDWallyVocabulary
import Logging

/// Connects a player to an `MPRISServer`: what `view` shows and tells becomes MPRIS state and
/// signals, MPRIS calls become player commands sent to `inbox`, and `Quit` the host's `quit`. Desktop media keys, `playerctl` and widgets then
/// drive cdwally like any other player (docs/PRODUCT.md §6).
///
/// Threads: MPRIS calls arrive on the bus thread and go into the player's mailbox at once;
/// the D-Bus reply waits for the command's outcome (a failure becomes a D-Bus error). The
/// event loop runs in its own task; cover lookups (file I/O) run on the `CoverLane`, and their
/// answers update the state from there (`CoverLookup`).
public final class MPRISBridge: MPRISDelegate, Sendable {
    private let view: any PlayerView
    private let inbox: any PlayerInbox
    private let quit: @Sendable () -> Void
    private let coverFile: @Sendable (Album) -> String?

    /// - Parameters:
    ///   - inbox: where commands go: the host's one door.
    ///   - quit: what `Quit` does (`CanQuit` in `MPRISOptions`): the host ends the process.
    ///   - coverFile: the cover image file of an album, if it has one.
    public init(
        view: any PlayerView, inbox: any PlayerInbox, quit: @escaping @Sendable () -> Void,
        coverFile: @escaping @Sendable (Album) -> String?
    ) {
        self.view = view
        self.inbox = inbox
        self.quit = quit
        self.coverFile = coverFile
    }

    /// Starts serving on the session bus (or `busAddress`); follows the player until it shuts
    /// down. Throws when there is no bus, which the caller may note once and ignore.
    public func start(busAddress: String? = nil, logger: Logger) throws(MPRISError) -> MPRISServer {
        let server = try MPRISServer(
            delegate: self, busAddress: busAddress, state: MPRISBridge.state(view.snapshot, artURL: nil),
            logger: logger)
        let events = view.events()
        let covers = CoverLookup(coverFile: coverFile) { snapshot, artURL in
            server.update(MPRISBridge.state(snapshot, artURL: artURL))
        }
        Task { [view] in
            covers.show(view.snapshot)
            for await event in events {
                switch event {
                case .snapshotChanged(let snapshot), .trackChanged(let snapshot):
                    covers.show(snapshot)
                case .seeked(let snapshot):
                    covers.show(snapshot)
                    server.seeked(positionMicroseconds: Int64(snapshot.elapsed * 1_000_000))
                default:
                    break
                }
            }
            server.stop()
        }
        return server
    }

    public func perform(_ command: PlayerCommand, reply: MPRISReply) {
        inbox.send(command) { result in
            switch result {
            case .success: reply.succeed()
            case .failure(let error): reply.fail("\(error)")
            }
        }
    }

    public func quit(reply: MPRISReply) {
        quit()
        reply.succeed()
    }

    public func positionMicroseconds() -> Int64 {
        Int64(view.snapshot.elapsed * 1_000_000)
    }

    /// The MPRIS view of a player snapshot.
    static func state(_ snapshot: PlayerSnapshot, artURL: String?) -> MPRISState {
        let loaded = snapshot.state == .playing || snapshot.state == .paused
        // Waiting for an output that takes no audio, nothing is heard and time stands: as
        // paused, and with no control that would only answer "waiting" (docs/PRODUCT.md §8)
        // while the output holds the player; in a silence the player answers, and the
        // controls stay.
        let controllable = loaded && !snapshot.outputHoldsPlayer
        var metadata: MPRISMetadata?
        if loaded, let disc = snapshot.disc, let track = snapshot.track, let index = snapshot.trackIndex {
            metadata = MPRISMetadata(
                trackID: MPRISTrackID(album: disc.album.id, trackIndex: index), title: track.title,
                artists: [track.artist], album: disc.album.title, albumArtists: [disc.album.albumArtist],
                trackNumber: track.track ?? index, discNumber: track.disc,
                lengthMicroseconds: Int64((snapshot.duration ?? track.duration) * 1_000_000), artURL: artURL,
                url: track.path.fileURL)
        }
        let status: MPRISPlaybackStatus =
            switch snapshot.state {
            case .playing where snapshot.waitingForOutput: .paused
            case .playing: .playing
            case .paused: .paused
            case .stopped, .idle: .stopped
            }
        return MPRISState(
            playbackStatus: status, metadata: metadata, canGoNext: controllable, canGoPrevious: controllable,
            canPlay: !snapshot.wallet.discs.isEmpty, canPause: controllable, canSeek: controllable,
            volume: snapshot.muted ? 0 : Double(snapshot.volume) / 100, shuffle: snapshot.shuffle)
    }
}
