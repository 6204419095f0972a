import ArgumentParser
import CDWallyConfig
import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallyTerminal
import CDWallyVocabulary
import CDWallyWeb

struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: PlayerVerb.play.name, abstract: PlayerVerb.play.abstract,
        discussion: """
            A disc resumes where it was left (--from-start overrides); a disc that played to its \
            end starts again at track 1. On a terminal, cdwally shows a CD player's display and \
            takes keys (press ? for the list); without one it prints a line per track and exits \
            when playback ends. Beside the display, from 60 columns, it shows the disc's cover cut \
            round like a CD: as a picture where the terminal announces kitty, sixel or iTerm2 \
            graphics, in coloured block characters elsewhere (--no-cover, or [display] cover = \
            false in the config, leaves it out). Ctrl-Z suspends it like any full-screen program: the music stops \
            with it, and `fg` brings the display back and plays on. \
            One player per user: if one is already running (whatever its XDG_RUNTIME_DIR), `play N` \
            asks it to play disc N, provided it plays the same library and playlist and was started \
            with every --audio-device, --mpv, --then, --repeat, --replaygain, --capacity, --config \
            and --web given here (--from-start is always honoured); otherwise it changes nothing, \
            says which option the running player cannot take, and exits with status 4. \
            `play WORDS` or `play ID` plays an album of the library (cdwally albums lists them): \
            one not in the wallet is added to the CDs playlist first, as `cdwally add` does; \
            a full wallet refuses it (exit 64), and so does a running player that cannot take it, \
            before anything is written. A lone number is a disc of the wallet; \
            after --, words are words (cdwally play -- 1999).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var playerOptions: PlayerOptions
    @OptionGroup var webOptions: WebOptions

    @Argument(
        help: ArgumentHelp(
            "The wallet position to play (default: the disc played last, else 1), or an album of the "
                + "library: its id, a path, or words.",
            valueName: "disc"))
    var target: [String] = []

    /// The wallet position asked for: a lone number.
    private var disc: Int? {
        guard !CommandContext.wordsOnly, target.count == 1 else { return nil }
        return Int(target[0])
    }

    @Flag(name: .long, help: "Start the disc at track 1 instead of where it was left.")
    var fromStart = false

    @Flag(name: .long, help: "Show no cover beside the display (as [display] cover = false).")
    var noCover = false

    func validate() throws {
        if let disc, disc < 1 { throw ValidationError("The disc position starts at 1.") }
    }

    func run() async throws {
        try await CommandContext.run(global) { context in
            // The album is named now (no match refuses here) and written into the playlist only
            // once nothing else can refuse the command (docs/PRODUCT.md §11).
            let named = try namedAlbum(&context)
            var album: (id: AlbumID, name: String, position: Int?, written: Bool)?
            try await PlayerStartUp(options: playerOptions, web: webOptions).run(
                &context,
                ifRunning: { running, context in
                    // One player per user: `play N` hands the disc to the one that runs.
                    guard disc != nil || named != nil else { throw running.refusal }
                    let requested = requestedSetup(context.settings)
                    if let named {
                        try HandOver.check(requested, handing: "that album", to: running)
                        album = try albumToPlay(named, context)
                    }
                    guard let disc = disc ?? album?.position else { throw running.refusal }
                    // By album id, the running player finds the disc itself once its watcher
                    // brought a disc just added; an older player takes the number, after the
                    // watcher's half second.
                    if let album,
                        let status = try HandOver.play(
                            album: album.id, fromStart: fromStart, requested: requested, to: running)
                    {
                        return context.print(StatusView.render(status))
                    }
                    if album?.written == true { try await Task.sleep(for: .seconds(1.2)) }
                    let status = try HandOver.play(
                        disc: disc, fromStart: fromStart, requested: requested, to: running)
                    context.print(StatusView.render(status))
                },
                prepare: { context in
                    if let named { album = try albumToPlay(named, context) }
                },
                accept: { _, report in
                    guard !report.wallet.discs.isEmpty else {
                        throw CommandFailure(message: EmptyWallet.reason(report), code: ExitStatus.noInput)
                    }
                    if let album, report.wallet.position(of: album.id) == nil {
                        throw WalletChangeError.notInWallet("\(album.name)")
                    }
                    if let disc, report.wallet.disc(at: disc) == nil {
                        throw CommandFailure(
                            message: DiscRange.outOfRange(disc, wallet: report.wallet), code: ExitStatus.usage
                        )
                    }
                }
            ) { started in
                let (context, host) = (started.context, started.host)
                let environment = context.settings.environment
                let showCovers = !noCover && context.settings.config?.displayCover?.value != false
                let coverCache = started.coverCache
                let library = HostLibrary(service: started.service, context: context, host: host)
                let display =
                    TerminalPlayerUI.isAvailable(environment: environment)
                    ? TerminalPlayerUI(
                        view: host.view, inbox: host, environment: environment,
                        covers: showCovers ? CoverOptions(coverFile: { coverCache.coverFile(for: $0) }) : nil,
                        library: TerminalLibrary(
                            search: { words, limit in try await library.albums(matching: words, limit: limit)
                            },
                            play: { id in _ = try await library.play(id) }))
                    : nil
                if let display { started.onResize { display.terminalResized() } }
                let plain = display == nil ? PlainPlayback(host: host) : nil
                let position = album.flatMap { started.report.wallet.position(of: $0.id) } ?? disc
                try await host.perform(.play(disc: position, fromStart: fromStart))
                if let display {
                    try await Self.show(display, host: host, logOnDisplay: context.terminal.stderrIsTerminal)
                } else {
                    await plain?.run()
                }
            }
        }
    }

    /// The album `play WORDS|ID|PATH` names; nil for `play` and `play N`.
    private func namedAlbum(_ context: inout CommandContext) throws -> (
        service: LibraryService, album: AlbumSummary
    )? {
        guard !target.isEmpty, disc == nil else { return nil }
        let service = try context.scannedLibrary()
        return (service, try service.album(CommandContext.albumQuery(target)))
    }

    /// `album` put into the wallet when it is not there (refused, with nothing written, when
    /// the wallet is full).
    private func albumToPlay(
        _ named: (service: LibraryService, album: AlbumSummary), _ context: CommandContext
    ) throws -> (id: AlbumID, name: String, position: Int?, written: Bool) {
        let album = named.album
        let change = try context.add(album, to: named.service).shown(album)
        if change.written {
            StandardError.emit(
                "cdwally: added \(album.albumArtist) — \(album.title) to the wallet (undo: cdwally remove \(album.id))\n"
            )
        }
        let disc = change.disc ?? album.standIn
        return (disc.id, "\(disc.albumArtist) — \(disc.title)", change.position, change.written)
    }

    /// What this command asks of a player, to compare with a running one's setup.
    private func requestedSetup(_ settings: Settings) -> RequestedSetup {
        let output = playerOptions.output
        return RequestedSetup(
            library: LibraryService.root(of: settings.libraryCandidates.map(\.path))?.display,
            playlist: settings.playlist, libraryFlag: global.library, playlistFlag: global.playlist,
            capacity: global.capacity, config: global.config, audioDevice: output.audioDevice,
            mpv: output.mpv,
            then: playerOptions.then?.rawValue, repeatWallet: playerOptions.repeatWallet,
            replayGain: playerOptions.replaygain?.rawValue,
            web: webOptions.web.map { (try? WebListenAddress(parsing: $0).description) ?? $0 })
    }

    /// The terminal display until the user quits or the host is asked to stop (a signal,
    /// MPRIS Quit). Log lines meant for a stderr on the same terminal go to its message line
    /// meanwhile, not over it.
    private static func show(_ display: TerminalPlayerUI, host: PlayerHost, logOnDisplay: Bool) async throws {
        if logOnDisplay {
            StandardErrorLogHandler.sink.set { level, text in
                display.show(message: level >= .warning ? "\(level): \(text)" : text)
            }
        }
        defer { StandardErrorLogHandler.sink.set(nil) }
        Task {
            await host.waitForShutdownRequest()
            display.stop()
        }
        // The user quit (or the display failed): shut down, which also ends the task above.
        defer { host.requestShutdown() }
        try await display.run()
    }
}
