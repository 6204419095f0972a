import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary

/// The player a `serve` shows while it waits for its library (a USB disk not mounted yet,
/// docs/PRODUCT.md §10): idle, with an empty wallet, refusing every command with what it waits
/// for. The web remote serves it meanwhile, so a phone opened at boot says "waiting for
/// /srv/music" rather than find nothing listening.
struct WaitingPlayer: PlayerView, PlayerInbox {
    let awaited: String

    var snapshot: PlayerSnapshot {
        PlayerSnapshot(
            state: .idle, disc: nil, trackIndex: nil, track: nil, elapsed: 0, duration: nil,
            wallet: Wallet(discs: [], total: 0, capacity: 0))
    }

    /// Nothing happens until the real player takes over, on a web server of its own.
    func events() -> AsyncStream<PlayerEvent> {
        AsyncStream { $0.finish() }
    }

    func resumePoint(for album: Album) -> ResumePoint? { nil }

    var listeningTotals: [AlbumID: DiscTotals] { [:] }

    func send(_ command: PlayerCommand, reply: @escaping PlayerReply) {
        reply(.failure(.waitingForLibrary(path: awaited)))
    }
}
