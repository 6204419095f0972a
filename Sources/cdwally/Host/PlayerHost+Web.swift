import CDWallyConfig
import CDWallyCore
import CDWallyLibrary
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
        let server = WebServer(
            player: player, inbox: self,
            configuration: WebConfiguration(
                listen: listen,
                hosts: HostAllowList(extraNames: settings.config?.webHosts?.value ?? [], listen: listen),
                access: WebAccess.user(
                    stateHome: settings.directories.cdwallyState, formerFolder: stateFolder),
                stateFolder: stateFolder,
                doctor: { [player] in
                    try await PlayerHost.diagnose(
                        settings: settings, stateFolder: stateFolder,
                        health: {
                            Health.check(
                                settings: settings, playerHere: player.snapshot.state.rawValue,
                                webHere: listen.description)
                        })
                },
                coverFile: { covers.coverFile(for: $0) }, cacheFolder: settings.directories.cdwallyCache,
                logger: Logger(label: "cdwally.web")))
        try await server.start()
        onShutdown { await server.stop() }
        setup.withLock { $0?.web = listen.description }
        let reach = listen.isLoopback ? "this machine only" : "the network"
        // On stderr whatever the log level: the one line a user needs to open the remote.
        StandardError.emit(
            "cdwally: web remote at \(listen) (\(reach)); pair a browser with `cdwally web pair`\n")
    }

    /// `cdwally doctor --json`, on a thread of its own: it brings the whole index up to date,
    /// which must not hold up the web server or the player.
    private static func diagnose(
        settings: Settings, stateFolder: String, health: @escaping @Sendable () -> Health
    ) async throws -> JSONValue {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let service = try LibraryService(
                            candidates: settings.libraryCandidates.map { ($0.path, $0.source) },
                            cacheDirectory: settings.directories.cdwallyCache, progress: nil)
                        let report = try service.wallet(
                            playlist: settings.playlist.map { RawPath($0) }, capacity: settings.capacity,
                            wholeTree: true)
                        return Diagnosis(
                            report: report, statistics: try service.index.statistics(),
                            albums: try service.albumCount(), indexFile: service.index.file,
                            unreadable: try service.index.unreadableFiles(),
                            notes: LibraryNotes.load(folder: stateFolder), health: health()
                        ).json()
                    })
            }
        }
    }
}
