import CDWallyControl
import CDWallyCore
import CDWallyKeys
import CDWallyLibrary
import CDWallyMPRIS
import CDWallyPlayer
import CDWallySystem
import CDWallyVocabulary
import Foundation
import Logging

/// A running player and everything around it, for `play` and `serve`: the wallet kept in
/// step with the disk, MPRIS on the session bus, evdev keys when asked for, and a clean
/// shutdown on a signal, `cdwally quit`, MPRIS `Quit` or the user's `q`, with every
/// position saved.
///
/// Every front end reads the player through `view` and sends its commands here (`send`), from
/// its own thread, into the player's ordered mailbox; none holds the `Player`. Ending the
/// process is the host's alone (`requestShutdown`, which the socket's `quit`, MPRIS `Quit`,
/// the stop signals and the user's `q` come to).
final class PlayerHost: PlayerInbox {
    private let player: Player
    let logger: Logger
    private let watcher = WalletWatcher()
    private let control: LockedValue<ControlServer?> = LockedValue(nil)
    private let mpris: LockedValue<MPRISServer?> = LockedValue(nil)
    private let keys: LockedValue<InputKeyReader?> = LockedValue(nil)
    /// A `[cards] reader` is read (`startCardReader`): `card assign` then waits on it alone.
    let readsCards = LockedValue(false)
    private let finished: LockedValue<CheckedContinuation<Void, Never>?> = LockedValue(nil)
    private let done = LockedValue(false)
    private let stops = LockedValue<[@Sendable () async -> Void]>([])
    private let shutdownTask = LockedValue<Task<Void, Never>?>(nil)
    /// How this player was started, for the status a second `play N` compares with.
    let setup = LockedValue<PlayerStatus.Setup?>(nil)
    /// What the wallet waits for (`PlayerStatus.waitingFor`): the CDs playlist given, or the
    /// library, while no playlist is found (a disk not mounted yet, or pulled).
    let waitingFor = LockedValue<String?>(nil)
    /// Asks the library's file system whether it answers (`PlayerStatus.notAnswering`).
    let libraryProbe = LockedValue<FolderProbe?>(nil)
    /// Run when what the host adds to the status changes by itself (`whenHostStatusChanges`).
    private let hostStatusWatchers = LockedValue<(next: Int, watchers: [Int: @Sendable () -> Void])>((0, [:]))
    /// Runs on the wallet watcher's thread at each wallet with a CDs playlist that follows a
    /// wait for one: a start without it, or a disk pulled and plugged back (`serve` then does
    /// what its start would have done).
    private let onArrival = LockedValue<(@Sendable (WalletReport) -> Void)?>(nil)
    /// Counts the watcher's wallets; held while one is posted, so that `adopt` and the watcher
    /// post in a known order.
    private let handovers = LockedValue(0)
    /// The cards: their rules, the last card read, a `card assign` waiting (`PlayerHost+Cards`).
    let cardDesk = CardDesk()

    init(player: Player, logger: Logger) {
        self.player = player
        self.logger = logger
    }

    /// Has the wallet watcher look at the playlists now: this process just changed one.
    func walletChanged() {
        watcher.nudge()
    }

    /// How many wallets the watcher has handed the player: a writer in this process takes it
    /// before it writes (`adopt`).
    var watcherHandovers: Int { handovers.current }

    /// Hands the player a wallet this process has just built from the playlist it wrote (the
    /// web's Add and Remove), and returns once the player holds it: no round trip by the disk,
    /// the watcher and a poll of the snapshot. Unless the watcher handed one over since `mark`
    /// (then false, nothing sent): its wallet may hold a later edit than this one.
    func adopt(_ wallet: Wallet, unlessWatcherMovedSince mark: Int) async -> Bool {
        await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            let sent = handovers.withLock { count in
                guard count == mark else { return false }
                player.replaceWallet(wallet) { _ in done.resume(returning: true) }
                return true
            }
            if !sent { done.resume(returning: false) }
        }
    }

    /// Starts a player on the wallet, following the library in the background.
    static func start(
        context: CommandContext, service: LibraryService, report: WalletReport, options: PlayerOptions,
        cardRules: CardReadRules = CardReadRules()
    ) throws -> PlayerHost {
        let logger = Logger(label: "cdwally")
        var configuration = options.configuration(
            settings: context.settings, stateFolder: context.stateFolder)
        configuration.logger = Logger(label: "cdwally.player")
        let player = try Player(configuration: configuration, wallet: report.wallet)
        let host = PlayerHost(player: player, logger: logger)
        host.setup.set(
            PlayerStatus.Setup(
                pid: getpid(), library: service.root.display, playlist: report.choice.chosen?.display,
                capacity: context.settings.capacity, config: context.settings.config?.path,
                audioDevice: configuration.audioDevice,
                mpv: configuration.mpvOptions.map { "\($0.name)=\($0.value)" },
                then: configuration.endOfDisc.rawValue, repeatWallet: configuration.repeatWallet,
                replayGain: configuration.replayGain.rawValue, web: nil))
        let setup = host.setup
        let waitingFor = host.waitingFor
        let arrival = host.onArrival
        let handovers = host.handovers
        let awaited = context.playlistOverride ?? service.root
        host.cardDesk.rules.set(cardRules)
        host.cardDesk.onChange { [weak host] in host?.hostStatusChanged() }
        // Read when a card comes, from the playlist on disk: a card assigned a moment ago plays.
        host.cardDesk.lookUp.set {
            [service, playlist = context.playlistOverride, capacity = context.settings.capacity] number in
            try await BlockingPool.shared.run {
                try service.cards(playlist: playlist, capacity: capacity).cards.first { $0.number == number }
            }
        }
        waitingFor.set(report.choice.chosen == nil ? awaited.display : nil)
        host.watchLibraryAnswers(service.root)
        try host.watcher.start(
            service: service, playlist: context.playlistOverride, capacity: context.settings.capacity,
            initial: report, state: context.playlistState(for: service.root),
            logger: Logger(label: "cdwally.library")
        ) { [player, logger] report in
            setup.withLock { $0?.playlist = report.choice.chosen?.display }
            let waited = waitingFor.current != nil
            waitingFor.set(report.choice.chosen == nil ? awaited.display : nil)
            if !waited, report.choice.chosen == nil, player.snapshot.state != .stopped,
                let track = player.snapshot.track, FileStatus.mayHaveGoneWithItsDisk(track.path)
            {
                // Its disk went (pulled, or unmounted): stopped now, as a power cut would,
                // before its unreadable tracks are skipped to the disc's end; played on when
                // it is back. A playlist deleted alone leaves the disc playing. The player
                // stopped it already when its next track was the first to find the disk gone.
                logger.warning("\(track.path.display) is gone with the library: stopped until it is back")
                player.interrupt()
            }
            handovers.withLock { count in
                count += 1
                player.replaceWallet(report.wallet) { result in
                    if case .failure(let error) = result, error != .shutDown {
                        logger.warning("the new wallet was not taken: \(error)")
                    }
                }
            }
            guard waited, report.choice.chosen != nil else { return }
            // After the wallet in the player's mailbox, so what it sends finds the new wallet.
            arrival.current?(report)
        }
        return host
    }

    /// Runs `action` at each wallet with a CDs playlist that comes after the player waited for
    /// one: a library disk mounted late, or pulled and plugged back.
    func whenWalletArrives(_ action: @escaping @Sendable (WalletReport) -> Void) {
        onArrival.set(action)
    }

    /// Lets the control socket claimed earlier reach this player; it is stopped at shutdown.
    func serveControl(_ server: ControlServer, gate: ControlGate) {
        control.set(server)
        gate.open(to: self)
    }

    /// Offers the player on the session bus as `org.mpris.MediaPlayer2.cdwally`. With no
    /// session bus (a headless box) it says so at debug level and goes on without.
    func startMPRIS(coverCache: CoverArtCache) {
        let bridge = MPRISBridge(
            view: player, inbox: self, quit: { [weak self] in self?.requestShutdown() },
            coverFile: { coverCache.coverFile(for: $0) })
        do {
            let server = try bridge.start(logger: Logger(label: "cdwally.mpris"))
            mpris.set(server)
            logger.debug("MPRIS: serving as \(server.busName)")
        } catch {
            logger.debug(
                "MPRIS: not available (\(error)); media keys reach cdwally through key bindings or evdev")
        }
    }

    /// Reads media keys from evdev devices (`serve --input`), never from a card reader.
    func startKeys(
        selection: InputSelection, keyMap: KeyMap, knob: Knob,
        excluding cardReaders: CardReaderSelection = .none
    ) async throws {
        let logger = Logger(label: "cdwally.input")
        let reader = InputKeyReader(
            selection: selection, keyMap: keyMap, knob: knob, excluding: cardReaders,
            onNotice: { notice in PlayerHost.log(notice, logger) },
            onPress: { [weak self] press, device in
                let key = "\(press) (\(KeyActionName.name(of: press.command))) from \(device)"
                logger.debug("\(key)")
                self?.send(press.command) { result in
                    if case .failure(let error) = result { logger.warning("\(key): \(error)") }
                }
            })
        try await reader.start()
        keys.set(reader)
        // Without this a box with no input devices yet would say nothing at all.
        let folder = InputKeyReader.defaultDirectory
        if selection == .auto, !FileManager.default.fileExists(atPath: folder.display) {
            logger.notice(
                "--input auto: \(folder.display) does not exist (no keyboard or remote yet); keys will be read from devices that appear there"
            )
        }
    }

    private static func log(_ notice: InputNotice, _ logger: Logger) {
        switch notice {
        case .opened(let path, let name): logger.info("reading keys from \(name) (\(path.display))")
        case .removed(let path, let name): logger.info("\(name) (\(path.display)) is gone")
        case .noMappedKeys(let path, let name, _): logger.debug("\(name) (\(path.display)) has no media keys")
        case .cardReader(let path, let name):
            logger.info("\(name) (\(path.display)) is the card reader: not read for keys")
        case .problem(let error): logger.warning("\(error)")
        }
    }

    /// Runs `stop` first at shutdown: for front ends started in extensions (the web remote).
    func onShutdown(_ stop: @escaping @Sendable () async -> Void) {
        stops.withLock { $0.append(stop) }
    }

    /// Passes a front end's command into the player's mailbox.
    /// A refusal because mpv does not take audio, while the library does not answer, is
    /// the library's: mpv waits inside a read of it (`watchLibraryAnswers`).
    func send(_ command: PlayerCommand, reply: @escaping PlayerReply = { _ in }) {
        player.send(command) { [libraryProbe] result in
            if case .failure(.outputStalled) = result, let probe = libraryProbe.current, probe.isSilent {
                return reply(.failure(.libraryNotAnswering(path: probe.folder.display)))
            }
            reply(result)
        }
    }

    /// What the front ends read: the player, from memory.
    var view: any PlayerView { player }

    /// Sounds a cue over whatever plays (`Player.sound`): what a card that played nothing did.
    func sound(_ cue: Cue) {
        player.sound(cue)
    }

    /// The disc `serve` plays on at start (`Player.interruptedDisc`).
    var interruptedDisc: Int? { player.interruptedDisc }

    /// The same in `wallet` (`Player.interruptedDisc(in:)`).
    func interruptedDisc(in wallet: Wallet) -> Int? {
        player.interruptedDisc(in: wallet)
    }

    /// Runs `watcher` each time what the host adds to the status changes by itself (the library
    /// stops or starts answering, a card is read): the web pushes a state, a follower of the
    /// socket gets a line. The returned closure forgets it.
    func whenHostStatusChanges(_ watcher: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let key = hostStatusWatchers.withLock { table in
            defer { table.next += 1 }
            table.watchers[table.next] = watcher
            return table.next
        }
        return { [weak self] in _ = self?.hostStatusWatchers.withLock { $0.watchers.removeValue(forKey: key) }
        }
    }

    /// Tells the watchers that what the host adds to the status changed.
    func hostStatusChanged() {
        for watcher in hostStatusWatchers.current.watchers.values { watcher() }
    }

    /// Adds what the host knows to a status: how the player was started and what it waits for.
    /// The socket and the web both send the result.
    func describe(_ status: inout PlayerStatus) {
        status.setup = setup.current
        status.waitingFor = waitingFor.current
        status.notAnswering = libraryProbe.current.flatMap { $0.isSilent ? $0.folder.display : nil }
        status.lastCard = cardDesk.last.current
    }

    /// Answers the control socket: the player's commands go to `send`, `quit` to the
    /// shutdown (answered at once with the state; positions are saved on the way out).
    var controlResponder: ControlResponder {
        ControlResponder(
            view: player, inbox: self, quit: { [weak self] in self?.requestShutdown() },
            playAlbum: { [weak self] id, fromStart, reply in
                guard let self else { return reply(.failure(.shutDown)) }
                Task { await self.play(album: id, fromStart: fromStart, reply: reply) }
            },
            cards: { [weak self] request, answer in
                guard let self else { return answer(.failure(ControlFailure(PlayerError.shutDown))) }
                Task { await self.answerCards(request, answer: answer) }
            })
    }

    /// Plays the disc of the album `id`. One another process just added reaches the wallet
    /// within the watcher's half second: the watcher is nudged and the wallet waited for, at
    /// most 2 s, before the album is refused.
    func play(album id: AlbumID, fromStart: Bool, reply: @escaping PlayerReply) async {
        var position = player.snapshot.wallet.position(of: id)
        if position == nil {
            walletChanged()
            let deadline = ContinuousClock.now + .seconds(2)
            while position == nil && ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(20))
                position = player.snapshot.wallet.position(of: id)
            }
        }
        guard let position else { return reply(.failure(.albumNotInWallet(id: id.rawValue))) }
        send(.play(disc: position, fromStart: fromStart), reply: reply)
    }

    /// Returns once `requestShutdown()` was called (by `quit`, the end of a disc or the user).
    func waitForShutdownRequest() async {
        await withCheckedContinuation { continuation in
            let alreadyDone = done.withLock { isDone in
                if !isDone { finished.set(continuation) }
                return isDone
            }
            if alreadyDone { continuation.resume() }
        }
    }

    /// Asks the command to wind down; safe from any thread, any number of times.
    func requestShutdown() {
        let continuation = done.withLock { isDone -> CheckedContinuation<Void, Never>? in
            guard !isDone else { return nil }
            isDone = true
            return finished.withLock { value in
                defer { value = nil }
                return value
            }
        }
        continuation?.resume()
    }

    /// Stops the front ends, then the player (which saves every position). Once: a later call
    /// (the start-up's, after a command that shut down early to log its last line) waits for
    /// the first to end.
    func shutdown() async {
        let stopping = shutdownTask.withLock { task -> Task<Void, Never> in
            if let task { return task }
            let first = Task { await self.stopEverything() }
            task = first
            return first
        }
        await stopping.value
    }

    private func stopEverything() async {
        for stop in stops.withLock({ stops in
            defer { stops = [] }
            return stops
        }) { await stop() }
        control.current?.stop()
        watcher.stop()
        keys.current?.stop()
        mpris.current?.stop()
        await player.shutdown()
    }
}
