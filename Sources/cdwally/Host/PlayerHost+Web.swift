import CDWallyConfig
import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallySystem
import CDWallyVocabulary
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
        let stateFolder = context.libraryFolder(for: service.root)
        let covers = CoverArtCache(cacheDirectory: settings.directories.cdwallyCache)
        var configuration = Self.webConfiguration(
            listen: listen, settings: settings, stateFolder: stateFolder,
            doctor: { [view, waitingFor] in
                let audio = await Health.audio(settings: settings)
                return try await PlayerHost.diagnose(
                    settings: settings, stateFolder: stateFolder,
                    health: {
                        Health.check(
                            settings: settings, audio: audio, playerHere: view.snapshot.state.rawValue,
                            waitingForHere: waitingFor.current, webHere: listen.description)
                    })
            },
            coverFile: { covers.coverFile(for: $0) })
        configuration.library = webLibrary(service: service, context: context)
        configuration.hostStatus = { [weak self] status in self?.describe(&status) }
        let server = WebServer(view: view, inbox: self, configuration: configuration)
        try await server.start()
        _ = whenHostStatusChanges { server.hostStatusChanged() }
        onShutdown { await server.stop() }
        setup.withLock { $0?.web = listen.description }
        // On stderr whatever the log level: the one line a user needs to open the remote.
        StandardError.emit("cdwally: \(Self.place(of: listen)); pair a browser with `cdwally web pair`\n")
    }

    /// The web remote of a `serve` that waits for its library (`WaitingPlayer`), when one is
    /// asked for: the same pairing and pages, a state whose `waitingFor` says what it waits for,
    /// every command refused with those words, no Library and no doctor yet. Stopped when the
    /// library comes, for the player's own to take the port.
    static func startWaitingWeb(_ options: WebOptions, context: CommandContext, awaited: String)
        async throws -> WebServer?
    {
        guard let listen = try options.address(settings: context.settings) else { return nil }
        let waiting = WaitingPlayer(awaited: awaited)
        var configuration = webConfiguration(
            listen: listen, settings: context.settings,
            stateFolder: context.libraryFolder(for: RawPath(awaited)),
            doctor: { throw PlayerError.waitingForLibrary(path: awaited) }, coverFile: { _ in nil })
        configuration.hostStatus = { $0.waitingFor = awaited }
        let server = WebServer(view: waiting, inbox: waiting, configuration: configuration)
        try await server.start()
        StandardError.emit("cdwally: \(place(of: listen)), waiting for \(awaited)\n")
        return server
    }

    /// Where the remote listens and who can reach it, as both remotes announce it.
    private static func place(of listen: WebListenAddress) -> String {
        "web remote at \(listen) (\(listen.isLoopback ? "this machine only" : "the network"))"
    }

    /// What both web remotes share: where they listen, the names they answer to, the pairing.
    private static func webConfiguration(
        listen: WebListenAddress, settings: Settings, stateFolder: String,
        doctor: @escaping @Sendable () async throws -> JSONValue,
        coverFile: @escaping @Sendable (Album) -> String?
    ) -> WebConfiguration {
        WebConfiguration(
            listen: listen,
            hosts: HostAllowList(extraNames: settings.config?.webHosts?.value ?? [], listen: listen),
            access: WebAccess.user(stateHome: settings.stateFolder, formerFolder: stateFolder),
            doctor: doctor, coverFile: coverFile, cacheFolder: settings.directories.cdwallyCache,
            logger: Logger(label: "cdwally.web"))
    }

    /// The web's Library over this player's library (`HostLibrary`), its refusals in the web's
    /// words.
    private func webLibrary(service: LibraryService, context: CommandContext) -> WebLibrary {
        let library = HostLibrary(service: service, context: context, host: self)
        let view = self.view
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
                        ? (change.position == nil && change.wallet.hidden > 0
                            ? "\(name) is in the CDs playlist already, hidden by the capacity"
                            : "\(name) is in the wallet already")
                        : removed
                            ? "Removed \(name)"
                            : (change.restored ? "Put back \(name)" : "Added \(name)")
                                + (change.position.map { " as disc \($0)" } ?? " (hidden by the capacity)"),
                    undo: change.written ? (removed ? "add" : "remove") : nil)
            } catch let error as any LibraryRefusal {
                throw WebLibrary.Refusal(error.kind, error.description)
            }
        }
        var web = WebLibrary(
            albums: { words, offset, limit in
                let (total, albums) = try await library.albums(matching: words, offset: offset, limit: limit)
                // A disc the capacity hides is shown as hidden, not as outside the wallet (§11).
                let shown = view.snapshot.wallet
                let whole = shown.hidden == 0 ? shown : try await library.wholeWallet()
                let places = LibraryService.places(of: albums, in: whole, capacity: shown.capacity)
                return (
                    total,
                    albums.map {
                        WebLibrary.Row(
                            album: $0, inWallet: places[$0.id]?.disc, mergesInto: places[$0.id]?.mergesInto,
                            hidden: places[$0.id]?.isHidden == true)
                    }
                )
            },
            add: { id in try await answer(id) { try await library.add(id) } },
            remove: { id in try await answer(id) { try await library.remove(id) } },
            play: { id in try await answer(id) { try await library.play(id) } })
        web.assignLastCard = { [cardDesk] id in
            guard let card = cardDesk.last.current, let number = CardNumber(card.number) else {
                throw WebLibrary.Refusal(
                    .refused, "no card was read yet: put one on the reader, then try again")
            }
            do {
                let change = try await library.assignCard(number, to: id)
                return WebLibrary.Change(
                    album: change.disc?.id ?? id, disc: change.position, changed: change.written,
                    message: CardsView.assigned(change).replacingOccurrences(of: "\n", with: " "), undo: nil)
            } catch let error as any LibraryRefusal {
                throw WebLibrary.Refusal(error.kind, error.description)
            }
        }
        return web
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
