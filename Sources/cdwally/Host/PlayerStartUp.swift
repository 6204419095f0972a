import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallySystem
import Logging

/// The one start-up of `play` and `serve`, from the parsed command line to a player with every
/// door open: the user's one player claimed (lock and socket), libmpv loading while the wallet
/// is built, the host, the stop signals, then the control socket, MPRIS, the web remote and
/// the card readers.
/// What the command adds (the display, evdev keys, the first disc) runs in `body`; whatever
/// `body` or a door throws, the host is shut down, every position saved, before it propagates.
struct PlayerStartUp {
    let options: PlayerOptions
    let web: WebOptions
    /// `serve` starts without a CDs playlist and waits for one; `play` needs it.
    var allowingNoPlaylist = false
    /// `serve` whose library is not there waits for it; `play` at a terminal says so and ends
    /// (a mistyped `--library` must not hang).
    var waitingForLibrary = false

    /// What `body` gets: the running host, the wallet it started with, and a hook for SIGWINCH.
    struct Started {
        let context: CommandContext
        let host: PlayerHost
        let service: LibraryService
        let report: WalletReport
        let coverCache: CoverArtCache
        fileprivate let resized: LockedValue<(@Sendable () -> Void)?>

        /// What a terminal resize does from now on (the display repaints).
        func onResize(_ action: @escaping @Sendable () -> Void) {
            resized.set(action)
        }
    }

    /// Runs one player for the command. `ifRunning` answers when another player of this user
    /// runs (nothing is started then); `prepare` runs once this player is claimed, before its
    /// wallet is built (`play WORDS` adds its album there, decided only once no running player
    /// could refuse it); `accept` may refuse the wallet before anything plays.
    func run(
        _ context: inout CommandContext,
        ifRunning: (RunningPlayer, CommandContext) async throws -> Void,
        prepare: (inout CommandContext) throws -> Void = { _ in },
        accept: (LibraryService, WalletReport) throws -> Void = { _, _ in },
        body: (Started) async throws -> Void
    ) async throws {
        StandardErrorLogHandler.bootstrap(verbose: options.verbose, environment: context.settings.environment)
        // A bad `[cards]` entry stops the start before anything is claimed, as a bad `[keys]` does.
        let cardRules = try CardReadRules(settings: context.settings)
        // Blocking work (locks, a socket's probe, a grace of up to 2 s for a player starting,
        // then the wallet) on the blocking pool, never on a thread of Swift's own pool.
        let control: PlayerHost.ClaimedControl
        let settings = context.settings
        switch try await BlockingPool.shared.run({ try PlayerHost.claimControl(settings: settings) }) {
        case .running(let running): return try await ifRunning(running, context)
        case .claimed(let claimed): control = claimed
        }
        defer { control.release() }
        if waitingForLibrary, try await !waitForLibrary(context, gate: control.gate) { return }
        try prepare(&context)
        // libmpv loads while the wallet is built.
        Player.prepare()
        let (built, service, report) = try await BlockingPool.shared.run {
            [context, allowingNoPlaylist] in
            var context = context
            let (service, report) = try context.wallet(allowingNoPlaylist: allowingNoPlaylist)
            return (context, service, report)
        }
        context = built
        try accept(service, report)
        let host = try PlayerHost.start(
            context: context, service: service, report: report, options: options, cardRules: cardRules)
        let resized = LockedValue<(@Sendable () -> Void)?>(nil)
        SignalWaiter.onSignal { [logger = host.logger] signal in
            if SignalWaiter.stopSignals.contains(signal) {
                logger.info("\(SignalWaiter.name(signal)): saving positions and stopping")
                host.requestShutdown()
            } else {
                resized.current?()
            }
        }
        let coverCache = CoverArtCache(cacheDirectory: context.settings.directories.cdwallyCache)
        do {
            host.serveControl(control.server, gate: control.gate)
            host.startMPRIS(coverCache: coverCache)
            try await host.startWeb(web, context: context, service: service)
            try await host.startCardReader(PlayerHost.cardReaders(context.settings))
            try await body(
                Started(
                    context: context, host: host, service: service, report: report, coverCache: coverCache,
                    resized: resized))
        } catch {
            await host.shutdown()
            throw error
        }
        await host.shutdown()
    }

    /// Waits, with the user's player claimed, until one of the library candidates is a folder:
    /// a library on a USB disk that mounts after the unit started (docs/PRODUCT.md §10).
    /// Meanwhile `status`, and the web remote when one is asked for, say what it waits for.
    /// Returns false when a stop signal came first.
    private func waitForLibrary(_ context: CommandContext, gate: ControlGate) async throws -> Bool {
        let candidates = context.settings.libraryCandidates.map(\.path)
        guard LibraryService.root(of: candidates) == nil, let first = candidates.first else { return true }
        let awaited = RawPath(first).lexicallyNormalized().display
        let logger = Logger(label: "cdwally")
        logger.warning("waiting for \(awaited): the music library is not there yet (a disk not mounted?)")
        gate.wait(for: awaited)
        // The readers are held meanwhile too: a card's digits must not reach a login prompt.
        let cards = try await PlayerHost.startWaitingCardReader(context.settings, awaited: awaited)
        defer { cards?.stop() }
        // Stopped before this returns: the player's own remote takes the port next.
        let web = try await PlayerHost.startWaitingWeb(self.web, context: context, awaited: awaited)
        let stopped = LockedValue<Int32?>(nil)
        SignalWaiter.onSignal { signal in
            if SignalWaiter.stopSignals.contains(signal) { stopped.set(signal) }
        }
        // A stat a quarter of a second: the start that follows takes well under the 2 s allowed.
        while LibraryService.root(of: candidates) == nil {
            if let signal = stopped.current {
                logger.info("\(SignalWaiter.name(signal)) while waiting for \(awaited): stopping")
                await web?.stop()
                return false
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
        await web?.stop()
        logger.info("\(awaited) is there: starting")
        return true
    }
}
