import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallySystem

/// A running player's library, for the front ends that choose what is in the wallet (the web's
/// Library, the terminal's `/` search): search, add, remove and play-from-the-library as the
/// commands do them, on `BlockingPool.shared` (SQLite, the playlist's write and fsync), and
/// after a write the wallet watcher nudged and the player's wallet awaited, so what they answer
/// is what the player holds.
struct HostLibrary: Sendable {
    let service: LibraryService
    let playlist: RawPath?
    let capacity: Int
    /// The state folder: where the playlist's old bytes are kept when its folder is not writable.
    let state: RawPath
    let host: PlayerHost

    init(service: LibraryService, context: CommandContext, host: PlayerHost) {
        self.service = service
        playlist = context.playlistOverride
        capacity = context.settings.capacity
        state = RawPath(context.stateFolder(for: service.root))
        self.host = host
    }

    /// The albums matching `words`, in wallet order; a library never indexed whole is indexed
    /// first, as `cdwally albums` does.
    func albums(matching words: [String], offset: Int = 0, limit: Int? = nil) async throws -> (
        total: Int, albums: [AlbumSummary]
    ) {
        try await BlockingPool.shared.run { [service] in
            if try service.neverScanned() { _ = try service.scan() }
            return try service.albums(matching: words, offset: offset, limit: limit)
        }
    }

    func add(_ id: AlbumID, refuseHidden: Bool = false) async throws -> LibraryService.WalletChange {
        try await written {
            try service.add(
                try service.album(.id(id)), playlist: playlist, capacity: capacity, state: state,
                refuseHidden: refuseHidden)
        }
    }

    func remove(_ id: AlbumID) async throws -> LibraryService.WalletChange {
        try await written { try service.remove(id, playlist: playlist, capacity: capacity, state: state) }
    }

    /// Puts the album into the wallet when it is not there (refusing one the capacity would
    /// hide) and plays it, as `cdwally play ID` does.
    func play(_ id: AlbumID) async throws -> LibraryService.WalletChange {
        let change = try await add(id, refuseHidden: true)
        let disc = change.disc?.id ?? id
        guard let position = host.view.snapshot.wallet.position(of: disc) else {
            throw WalletChangeError.notInWallet(
                change.album.map { "\($0.albumArtist) — \($0.title)" } ?? "\(id)")
        }
        _ = try await host.perform(.play(disc: position, fromStart: false))
        return change
    }

    /// Runs a change of the playlist off the shared pool; when it wrote, waits (at most 2 s)
    /// until the player's wallet is another than before.
    private func written(_ body: @escaping @Sendable () throws -> LibraryService.WalletChange) async throws
        -> LibraryService.WalletChange
    {
        let before = host.view.snapshot.wallet
        let change = try await BlockingPool.shared.run(body)
        guard change.written else { return change }
        host.walletChanged()
        let deadline = ContinuousClock.now + .seconds(2)
        while host.view.snapshot.wallet == before && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        return change
    }
}
