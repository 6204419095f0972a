import CDWallyCore
import CDWallyPlayer
import Logging

/// Connects a `Player` to an `MPRISServer`: player events become MPRIS state and signals,
/// MPRIS calls become player commands. Desktop media keys, `playerctl` and widgets then
/// drive cdwally like any other player (docs/PRODUCT.md §6).
///
/// Threads: MPRIS calls arrive on the bus thread and go into the player's mailbox at once;
/// the D-Bus reply waits for the command's outcome (a failure becomes a D-Bus error). The
/// event loop runs in its own task. Cover lookups (file I/O) happen there, never on the bus.
public final class MPRISBridge: MPRISDelegate, Sendable {
    private let player: Player
    private let inbox: any PlayerInbox
    private let coverFile: @Sendable (Album) -> String?

    /// - Parameters:
    ///   - inbox: where commands go, `Quit` included; the player itself unless a host wants
    ///     to see them first.
    ///   - coverFile: the cover image file of an album, if it has one.
    public init(
        player: Player, inbox: (any PlayerInbox)? = nil, coverFile: @escaping @Sendable (Album) -> String?
    ) {
        self.player = player
        self.inbox = inbox ?? player
        self.coverFile = coverFile
    }

    /// Starts serving on the session bus (or `busAddress`); follows the player until it shuts
    /// down. Throws when there is no bus, which the caller may note once and ignore.
    public func start(busAddress: String? = nil, logger: Logger) throws(MPRISError) -> MPRISServer {
        let server = try MPRISServer(
            delegate: self, busAddress: busAddress, state: MPRISBridge.state(player.snapshot, artURL: nil),
            logger: logger)
        let events = player.events()
        Task { [player, coverFile] in
            var covers = CoverLookup(coverFile: coverFile)
            func artURL(_ snapshot: PlayerSnapshot) -> String? { covers.artURL(for: snapshot) }
            server.update(MPRISBridge.state(player.snapshot, artURL: artURL(player.snapshot)))
            for await event in events {
                switch event {
                case .snapshotChanged(let snapshot), .trackChanged(let snapshot):
                    server.update(MPRISBridge.state(snapshot, artURL: artURL(snapshot)))
                case .seeked(let snapshot):
                    server.update(MPRISBridge.state(snapshot, artURL: artURL(snapshot)))
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

    public func positionMicroseconds() -> Int64 {
        Int64(player.snapshot.elapsed * 1_000_000)
    }

    /// The MPRIS view of a player snapshot.
    static func state(_ snapshot: PlayerSnapshot, artURL: String?) -> MPRISState {
        let loaded = snapshot.state == .playing || snapshot.state == .paused
        // Waiting for an output that takes no audio, nothing is heard and time stands: as
        // paused, and with no control that would only answer "waiting" (docs/PRODUCT.md §8).
        let controllable = loaded && !snapshot.waitingForOutput
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
