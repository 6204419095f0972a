import CDWallyConfig
import CDWallyCore
import CDWallyLibrary
import CDWallySystem
import CDWallyWeb
import Foundation
import Logging

extension PlayerHost {
    /// Starts the web remote when `--web` or `[web] listen` asks for it (docs/PRODUCT.md §6),
    /// and logs its URL; it stops with the host. When it cannot listen, the error is thrown
    /// (and the start-up shuts the host down): a jukebox asked for a remote must not run
    /// silently without it.
    func startWeb(_ options: WebOptions, context: CommandContext, service: LibraryService) async throws {
        guard let listen = try options.address(settings: context.settings) else { return }
        let settings = context.settings
        let stateFolder = context.stateFolder(for: service.root)
        let covers = CoverArtCache(cacheDirectory: settings.directories.cdwallyCache)
        var configuration = WebConfiguration(
            listen: listen,
            hosts: HostAllowList(extraNames: settings.config?.webHosts?.value ?? [], listen: listen),
            access: WebAccess.user(
                stateHome: settings.directories.cdwallyState, formerFolder: stateFolder),
            stateFolder: stateFolder,
            doctor: { [player, waitingFor] in
                let audio = await Health.audio(settings: settings)
                return try await PlayerHost.diagnose(
                    settings: settings, stateFolder: stateFolder,
                    health: {
                        Health.check(
                            settings: settings, audio: audio, playerHere: player.snapshot.state.rawValue,
                            waitingForHere: waitingFor.current, webHere: listen.description)
                    })
            },
            coverFile: { covers.coverFile(for: $0) }, cacheFolder: settings.directories.cdwallyCache,
            logger: Logger(label: "cdwally.web"))
        configuration.library = webLibrary(service: service, context: context)
        let server = WebServer(player: player, inbox: self, configuration: configuration)
        try await server.start()
        onShutdown { await server.stop() }
        setup.withLock { $0?.web = listen.description }
        let reach = listen.isLoopback ? "this machine only" : "the network"
        // On stderr whatever the log level: the one line a user needs to open the remote.
        StandardError.emit(
            "cdwally: web remote at \(listen) (\(reach)); pair a browser with `cdwally web pair`\n")
    }

    /// The web's Library over this player's library (`HostLibrary`), its refusals in the web's
    /// words.
    private func webLibrary(service: LibraryService, context: CommandContext) -> WebLibrary {
        let library = HostLibrary(service: service, context: context, host: self)
        let player = self.player
        @Sendable func answer(_ id: AlbumID, _ body: () async throws -> LibraryService.WalletChange)
            async throws
            -> WebLibrary.Change
        {
            do {
                let change = try await body()
                let name =
                    (change.album.map { "\($0.albumArtist) — \($0.title)" })
                    ?? (change.disc.map { "\($0.albumArtist) — \($0.title)" }) ?? id.rawValue
                let removed = !change.removedLines.isEmpty
                return WebLibrary.Change(
                    album: change.disc?.id ?? id, disc: removed ? nil : change.position,
                    changed: change.written,
                    message: !change.written
                        ? "\(name) is in the wallet already"
                        : removed
                            ? "Removed \(name)"
                            : "Added \(name)"
                                + (change.position.map { " as disc \($0)" } ?? " (hidden by the capacity)"),
                    undo: change.written ? (removed ? "add" : "remove") : nil)
            } catch let error as WalletChangeError {
                switch error {
                case .unknownID, .notInWallet, .noAlbumMatches, .noAlbumAt:
                    throw WebLibrary.Refusal.notFound(error.description)
                case .playlist: throw WebLibrary.Refusal.unavailable(error.description)
                default: throw WebLibrary.Refusal.conflict(error.description)
                }
            } catch let error as LibraryError {
                throw WebLibrary.Refusal.unavailable(error.description)
            }
        }
        return WebLibrary(
            albums: { words, offset, limit in
                let (total, albums) = try await library.albums(matching: words, offset: offset, limit: limit)
                let places = LibraryService.places(of: albums, in: player.snapshot.wallet)
                return (
                    total,
                    albums.map {
                        WebLibrary.Row(
                            album: $0, inWallet: places[$0.id]?.disc, mergesInto: places[$0.id]?.mergesInto)
                    }
                )
            },
            add: { id in try await answer(id) { try await library.add(id) } },
            remove: { id in try await answer(id) { try await library.remove(id) } },
            play: { id in try await answer(id) { try await library.play(id) } })
    }

    /// `cdwally doctor --json`, on the pool for blocking work: it brings the whole index up to
    /// date, which must not hold up the web server or the player.
    private static func diagnose(
        settings: Settings, stateFolder: String, health: @escaping @Sendable () -> Health
    ) async throws -> JSONValue {
        try await BlockingPool.shared.run {
            let service = try LibraryService(
                candidates: settings.libraryCandidates.map { ($0.path, $0.source) },
                cacheDirectory: settings.directories.cdwallyCache, progress: nil)
            let report = try service.wallet(
                playlist: settings.playlist.map { RawPath($0) }, capacity: settings.capacity, wholeTree: true)
            return Diagnosis(
                report: report, statistics: try service.index.statistics(), albums: try service.albumCount(),
                indexFile: service.index.file, unreadable: try service.index.unreadableFiles(),
                notes: LibraryNotes.load(folder: stateFolder), health: health()
            ).json()
        }
    }
}
