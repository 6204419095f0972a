import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation
import Logging

/// The music player every front end talks to: commands in, snapshots and events out.
///
/// A `Player` owns one libmpv instance for its whole life. Start one per process, send it
/// `PlayerCommand`s from any thread or task, read `snapshot` whenever a display or a status
/// request needs it, and subscribe with `events()` (each subscriber gets its own stream).
/// Call `shutdown()` before exit: it saves every position and tears mpv down.
///
/// Commands go through one ordered mailbox, whoever sends them (socket, MPRIS, evdev keys,
/// terminal through the host; the wallet watcher's `replaceWallet`): one task takes them in
/// arrival order and carries each out to the end before the next, so two quick presses are
/// never reordered. Each command's outcome goes back to its sender: `perform` returns or
/// throws it, `send` hands it to `reply`.
///
/// Only the host holds a `Player`. Front ends read it as a `PlayerView` and send to the
/// host's `PlayerInbox`: the player itself is no inbox, so no front end can go around the
/// host.
///
/// ```swift
/// let player = try Player(configuration: configuration, wallet: wallet)
/// try await player.perform(.play(disc: 3, fromStart: false))
/// for await event in player.events() { … }
/// await player.shutdown()
/// ```
///
/// Threads: any. The engine actor owns all playback state; `snapshot` is a copy it
/// publishes behind a lock, so reading it never waits for a command.
public final class Player: PlayerView {
    private let engine: PlayerEngine
    private let published: LockedValue<PlayerSnapshot>
    private let hub: EventHub
    /// Internal, not private: a test plays the device's part through it (`ao-null-speed`).
    let mpv: MPVHandle
    private let store: ResumeStore
    private let log: ListeningLog
    private let mailbox: AsyncStream<Envelope>.Continuation
    private let cues: CuePlayer?
    private let mixer: Mixer

    /// One job in the mailbox, with where its outcome goes.
    private struct Envelope: Sendable {
        enum Job: Sendable {
            case command(PlayerCommand)
            /// The host's, never a user's: a new wallet.
            case wallet(Wallet)
            /// The host's: the disc's files went away (`interrupt`).
            case interrupt
        }
        let job: Job
        let reply: PlayerReply
    }

    /// Starts mpv (no sound until the first `play`). `resumeStore` defaults to the one in
    /// `configuration.stateDirectory`; pass one to share it with other readers.
    public init(configuration: PlayerConfiguration, wallet: Wallet, resumeStore: ResumeStore? = nil)
        throws(PlayerError)
    {
        let store = resumeStore ?? ResumeStore(directory: configuration.stateDirectory)
        // Before anything plays: never beside a player that holds the positions. A folder
        // that cannot be made is reported at the first save, as ever: playing needs no disk.
        do throws(PlayerError) { try store.claimWriting() } catch {
            if case .stateInUse = error { throw error }
        }
        // The software volume comes back as it was left, the user's own (or, before the
        // first change since it became one, the library's); a hardware mixer keeps its own.
        let userVolume = configuration.userStateDirectory.map(UserVolume.init(folder:))
        let saved = userVolume?.load() ?? store.volume
        let software = configuration.mixer == .software
        let volume = software ? configuration.volumeBounds.startLevel(saved: saved.level) : 100
        // `start_volume` starts unmuted, whatever the level was (docs/PRODUCT.md §11).
        let muted = software && configuration.startVolume == nil && saved.muted
        let mpv = try MPVHandle(
            options: configuration.handleOptions
                + (software
                    ? [MPVOption("volume", String(volume)), MPVOption("mute", muted ? "yes" : "no")] : []))
        do {
            try mpv.requestLogMessages(level: "warn")
            try mpv.observe("time-pos", format: .double)
            try mpv.observe("duration", format: .double)
            try mpv.observe("current-ao", format: .string)
            try mpv.addHook(PlayerEngine.loadFailHook)
        } catch {
            mpv.quit()
            throw error
        }
        var idle = PlayerSnapshot.idle(wallet: wallet)
        (idle.volume, idle.muted, idle.volumeBounds) = (volume, muted, configuration.volumeBounds)
        let published = LockedValue(idle)
        let hub = EventHub()
        let log = ListeningLog(
            directory: configuration.stateDirectory, minimumSeconds: configuration.minimumListen,
            access: .writing)
        log.recoverInterrupted { error in hub.emit(.error(error)) }
        do throws(PlayerError) {
            try log.adoptOlderIDs(of: wallet.discs)
        } catch {
            hub.emit(.error(error))
        }
        let engine = PlayerEngine(
            mpv: mpv, configuration: configuration, store: store, log: log, userVolume: userVolume,
            wallet: wallet,
            published: published,
            hub: hub, volume: volume, muted: muted)
        self.mpv = mpv
        cues = CuePlayer(configuration: configuration)
        mixer = configuration.mixer
        self.store = store
        self.log = log
        self.engine = engine
        self.published = published
        self.hub = hub

        // Unbounded: the engine must see every event, in order. The event thread only
        // copies and yields; the engine catches up on its own task.
        let (events, continuation) = AsyncStream.makeStream(of: MPVEvent.self)
        mpv.startEvents { event in
            continuation.yield(event)
            if event == .shutdown { continuation.finish() }
        }
        Task {
            for await event in events { await engine.handle(event) }
        }
        // The silence watch's looks, until the engine shuts down (or is gone).
        Task { [weak engine] in
            repeat {
                try? await Task.sleep(for: PlayerEngine.silenceLookInterval, clock: .suspending)
            } while await engine?.lookForSilence() ?? false
        }
        let (envelopes, mailbox) = AsyncStream.makeStream(of: Envelope.self)
        self.mailbox = mailbox
        Task {
            for await envelope in envelopes {
                do throws(PlayerError) {
                    switch envelope.job {
                    case .command(let command): envelope.reply(.success(try await engine.perform(command)))
                    case .wallet(let wallet): envelope.reply(.success(await engine.take(wallet)))
                    case .interrupt: envelope.reply(.success(await engine.interrupt()))
                    }
                } catch {
                    envelope.reply(.failure(error))
                }
            }
        }
        if case .resumeStateUnreadable(let file, let reason) = store.loadProblem {
            configuration.logger.debug("\(PlayerWarning.resumeStateIgnored(file: file, reason: reason))")
            hub.emit(.warning(.resumeStateIgnored(file: file, reason: reason)))
        }
        if case .newerStateFile(let file, let version, let readable) = store.loadProblem {
            let warning = PlayerWarning.newerStateFile(file: file, version: version, readable: readable)
            configuration.logger.debug("\(warning)")
            hub.emit(.warning(warning))
        }
        for problem in log.problems {
            configuration.logger.debug("\(problem)")
            hub.emit(.warning(problem))
        }
    }

    deinit {
        // A player dropped without `shutdown()` still stops its mpv thread.
        mailbox.finish()
        mpv.quit()
    }

    /// The state now, as last published; cheap, from any thread.
    public var snapshot: PlayerSnapshot { published.current }

    /// The wallet position of the disc that was playing when the last player of this library
    /// ended without pausing or stopping it (a power cut, kill -9, a shutdown), if that disc
    /// is still in the wallet: what `serve` plays on at start (docs/PRODUCT.md §6).
    public var interruptedDisc: Int? {
        interruptedDisc(in: snapshot.wallet)
    }

    /// The same in `wallet`: for a wallet sent to the player and not yet taken (a library
    /// that appeared after the start).
    public func interruptedDisc(in wallet: Wallet) -> Int? {
        guard store.lastDiscWasPlaying else { return nil }
        return store.position(ofLastDiscIn: wallet)
    }

    /// A new stream of everything that happens from now on (plus warnings raised before the
    /// first subscriber). It ends when the player shuts down.
    public func events() -> AsyncStream<PlayerEvent> {
        hub.subscribe()
    }

    public func resumePoint(for album: Album) -> ResumePoint? {
        store.resumePoint(for: album)
    }

    public var listeningTotals: [AlbumID: DiscTotals] {
        log.historyNow.dated(asOf: Date()).history.totals
    }

    /// Queues `command` behind those sent before it and returns at once; `reply` gets its
    /// outcome once it took effect (on the player's task), as `perform` would return it.
    /// The host's, which every front end's commands pass through.
    public func send(_ command: PlayerCommand, reply: @escaping PlayerReply = { _ in }) {
        post(.command(command), reply: reply)
    }

    /// Sends `command` and returns the state once it took effect, as `PlayerInbox.perform`.
    @discardableResult
    public func perform(_ command: PlayerCommand) async throws(PlayerError) -> PlayerSnapshot {
        try await withCheckedContinuation { continuation in
            send(command) { continuation.resume(returning: $0) }
        }.get()
    }

    /// Hands the player a new wallet (the playlist or library changed), in the mailbox's order:
    /// the current disc keeps playing. The host's wallet watcher calls it; no user says it.
    public func replaceWallet(_ wallet: Wallet, reply: @escaping PlayerReply = { _ in }) {
        post(.wallet(wallet), reply: reply)
    }

    /// Stops the disc whose files went away (its disk pulled) as a power cut would: its place
    /// saved, and still marked playing if it was, so that `interruptedDisc` names it and the
    /// host plays it on when the library is back. Not a user's stop, which forgets that it
    /// played; in the mailbox's order.
    public func interrupt(reply: @escaping PlayerReply = { _ in }) {
        post(.interrupt, reply: reply)
    }

    private func post(_ job: Envelope.Job, reply: @escaping PlayerReply) {
        if case .terminated = mailbox.yield(Envelope(job: job, reply: reply)) {
            reply(.failure(.shutDown))
        }
    }

    /// Sounds `cue` (docs/PRODUCT.md §11) over whatever plays, at the level the music has, on
    /// a core of its own (`CuePlayer`); nothing when the cues are off or the player is muted.
    /// The player's own state is untouched, so no door sees it.
    public func sound(_ cue: Cue) {
        let snapshot = published.current
        guard let cues, !snapshot.muted else { return }
        // A hardware mixer turns the device itself: the cue's core adds nothing to it.
        cues.play(cue, volume: mixer == .software ? snapshot.volume : 100)
    }

    /// Saves every position, flushes the resume file and destroys mpv. Idempotent. It does
    /// not wait its turn in the mailbox, so a command still waiting on mpv cannot hold up an
    /// exit; commands after it fail with `PlayerError.shutDown`.
    public func shutdown() async {
        await engine.shutdown()
        mailbox.finish()
        // Every position is on disk: the next player may write the folder.
        store.releaseWriting()
    }

    /// Starts opening libmpv (some 230 shared libraries) on another thread, so that a command
    /// about to play overlaps that with its own work, such as building the wallet. The first
    /// `Player` waits for it if it is not done. Harmless when libmpv is missing: `init` reports it.
    public static func prepare() {
        NamedThread.start("cdwally-libmpv") { _ = MPVLibrary.shared }
    }

    /// The audio outputs mpv can open with this configuration ("auto" first).
    public static func audioDevices(configuration: PlayerConfiguration) async throws(PlayerError)
        -> [AudioDevice]
    {
        let mpv = try MPVHandle(options: configuration.handleOptions)
        defer { mpv.quit() }
        // With its event thread running, the reply is awaited at most `MPVHandle.stallLimit`:
        // an audio library that hangs while listing its devices (seen: PipeWire under
        // emulation) must not hang `doctor` or `list-devices` with it.
        mpv.startEvents { _ in }
        return try await mpv.audioDevices()
    }
}
