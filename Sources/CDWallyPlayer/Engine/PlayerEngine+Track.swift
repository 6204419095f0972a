import CDWallyCore
import CDWallyVocabulary

/// `track N`: a track of the disc by its index, the way `next` and `previous` move.
extension PlayerEngine {
    /// Track `number` of the disc in the player, from its start; paused, it stays paused.
    /// Without a disc in mpv (stopped, idle), the disc `play` would play is loaded there.
    func playTrack(_ number: Int) async throws(PlayerError) {
        guard isActive, queue != nil, let disc else {
            let position = defaultPosition()
            guard let album = wallet.disc(at: position) else {
                throw PlayerError.discOutOfRange(requested: position, walletSize: wallet.discs.count)
            }
            try Self.check(number, of: album)
            try load(album, at: position, from: ResumePoint(track: number, position: 0))
            try await waitForPlayback()
            return
        }
        try Self.check(number, of: disc.album)
        try await move(toTrack: number)
    }

    private static func check(_ number: Int, of album: Album) throws(PlayerError) {
        guard album.tracks.indices.contains(number - 1) else {
            throw PlayerError.trackOutOfRange(
                requested: number, trackCount: album.tracks.count, album: album.title)
        }
    }
}
