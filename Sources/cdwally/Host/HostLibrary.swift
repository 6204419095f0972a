import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallySystem

/// A running player's library, for the front ends that choose what is in the wallet (the web's
/// Library, the terminal's `/` search): search, add, remove and play-from-the-library as the
/// commands do them, on `BlockingPool.shared` (SQLite, the playlist's write and fsync), and
/// after a write the new wallet handed to the player and its reply awaited, so what they answer
/// is what the player holds.
struct HostLibrary: Sendable {
    let service: LibraryService
    let playlist: RawPath?
    let capacity: Int
    /// Where the playlist's old bytes are kept when its folder is not writable (`UserFileEdit`).
    let state: RawPath
    /// Where `remove` records what it took, for the Undo (`add`) to put back.
    let undoFolder: RawPath
    let host: PlayerHost

    init(service: LibraryService, context: CommandContext, host: PlayerHost) {
        self.service = service
        playlist = context.playlistOverride
        capacity = context.settings.capacity
        state = context.playlistState(for: service.root)
        undoFolder = context.undoFolder(for: service.root)
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

    /// Every disc the playlist holds, those the capacity hides too.
    func wholeWallet() async throws -> Wallet {
        try await BlockingPool.shared.run { [service, playlist] in
            try service.wholeWallet(playlist: playlist)
        }
    }

    /// Adds the album, as `cdwally add ID` does: refused by a full wallet, unless it puts back
    /// what a `remove` just took (the web's Undo).
    func add(_ id: AlbumID) async throws -> LibraryService.WalletChange {
        try await written {
            try service.add(
                try service.album(.id(id)), playlist: playlist, capacity: capacity, state: state,
                undoFolder: undoFolder)
        }
    }

    /// Gives card `number` to the album, as `cdwally card assign --card` does; when that added
    /// the album, the player holds the new wallet before this returns, as after `add`.
    func assignCard(_ number: CardNumber, to id: AlbumID) async throws -> LibraryService.CardChange {
        let before = host.view.snapshot.wallet
        let mark = host.watcherHandovers
        let (change, wallet) = try await BlockingPool.shared.run { [service, playlist, capacity, state] in
            let change = try service.assignCard(
                number, to: try service.album(.id(id)), playlist: playlist, capacity: capacity, state: state)
            let wallet =
                change.addedToWallet
                ? try service.wallet(playlist: playlist, capacity: capacity, wholeTree: false).wallet : nil
            return (change, wallet)
        }
        guard let wallet else { return change }
        if await host.adopt(wallet, unlessWatcherMovedSince: mark) { return change }
        host.walletChanged()
        let deadline = ContinuousClock.now + .seconds(2)
        while host.view.snapshot.wallet == before && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        return change
    }

    func remove(_ id: AlbumID) async throws -> LibraryService.WalletChange {
        try await written {
            try service.remove(
                id, playlist: playlist, capacity: capacity, state: state, undoFolder: undoFolder)
        }
    }

    /// Puts the album into the wallet when it is not there (refused by a full wallet) and
    /// plays it, as `cdwally play ID` does.
    func play(_ id: AlbumID) async throws -> LibraryService.WalletChange {
        var change = try await add(id)
        if let album = change.album { change = try change.shown(album) }
        let disc = change.disc?.id ?? id
        guard let position = host.view.snapshot.wallet.position(of: disc) else {
            throw WalletChangeError.notInWallet(
                change.album.map { "\($0.albumArtist) — \($0.title)" } ?? "\(id)")
        }
        _ = try await host.perform(.play(disc: position, fromStart: false))
        return change
    }

    /// Runs a change of the playlist off the shared pool; when it wrote, hands the wallet the
    /// change built to the player (the one the watcher would build from the same bytes) and
    /// awaits its reply. The watcher sees the file change later and finds the same wallet.
    private func written(_ body: @escaping @Sendable () throws -> LibraryService.WalletChange) async throws
        -> LibraryService.WalletChange
    {
        let before = host.view.snapshot.wallet
        let mark = host.watcherHandovers
        let change = try await BlockingPool.shared.run(body)
        guard change.written else { return change }
        if await host.adopt(change.wallet, unlessWatcherMovedSince: mark) {
            // A playlist that did not exist is news to the watcher (what `serve` waits for, the
            // playlist `status` shows): it looks at once rather than at its next turn.
            if change.createdPlaylist { host.walletChanged() }
            return change
        }
        // The watcher handed a wallet over meanwhile (another writer, an editor): its wallet,
        // not this one, is the last word, so the file is read again (rare).
        host.walletChanged()
        let deadline = ContinuousClock.now + .seconds(2)
        while host.view.snapshot.wallet == before && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        return change
    }
}
