import CDWallyCore

/// The saved resume points of the discs, for `discs` to show.
struct ResumePoints {
    private var points: [AlbumID: WalletJSON.Resume] = [:]

    init(context: CommandContext, root: RawPath) {
        // Filled from the player's resume store once playback lands.
        _ = (context, root)
    }

    subscript(album: Album) -> WalletJSON.Resume? { points[album.id] }
}
