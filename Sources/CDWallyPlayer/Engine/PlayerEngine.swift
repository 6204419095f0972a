import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation
import Logging

/// The player's engine: the CD-player rules on top of one mpv (`MPVPort`).
///
/// Commands come in through `perform` (PlayerEngine+Commands.swift); mpv's events and the
/// replies to its requests come in, in order, through `handle` (PlayerEngine+Events.swift),
/// fed by one task that drains the handle's event thread. Both run on this actor, so the
/// rules see one consistent state and a command that waits for mpv (a track to start) lets
/// events through meanwhile. After every change the engine publishes a snapshot, which
/// `Player.snapshot` reads without waiting, and tells subscribers through the event hub.
/// Positions go to the resume store, and listens to the listening log
/// (`PlayerEngine+Listening.swift`), whose writes both happen off this actor.
///
/// Most of that state lives in value types with their own invariants (`Engine/Machines`): the
/// playing disc's place, the track cursor, the seeks, the volume, the sleep timer, the reply book, the play order, the
/// output's condition, the silence watch, the waiters for mpv's confirmation and what of the disc is heard.
/// Each takes an event and returns effects; this actor is the shell that runs them (posts the
/// mpv requests, publishes, saves), so their transitions are tested without mpv.
///
/// The engine answers from its own state: it posts its requests to mpv without waiting for
/// them (`send`), and takes the place, the length and the output from what mpv reports. An
/// output that takes audio at real-time pace (a pipe to Snapcast) holds mpv's core for up to
/// a second at a time; the request then waits in mpv's queue, and the command does not.
///
/// Threads: the actor runs on a thread of its own (`EngineThread`), never on the shared
/// pool, so the rare call that waits for mpv (a hardware mixer) holds up no other task.
/// Nothing here blocks on disk except the final flush at shutdown.
actor PlayerEngine {
    /// How long a command that started or moved playback waits for mpv to confirm it while
    /// an output is open (then it answers with the state it asked for), and how long when
    /// none is (then an output that cannot open, or a disc of missing files, is the answer).
    static let confirmationWhileOutputOpen: Duration = .milliseconds(350)
    static let confirmationTimeout: Duration = .seconds(10)
    /// Periodic position saves while playing: enough to lose little on a power cut, few
    /// enough to spare SD cards.
    static let saveInterval: Duration = .seconds(5)
    /// How long shutdown waits for mpv to end. A core held by its output never ends; the
    /// positions are saved by then, and the process exits without it.
    static let teardownLimit: Duration = .seconds(3)
    /// `previous` goes to the previous track only this early in a track.
    static let previousTrackWindow = 3.0

    private let thread = EngineThread(name: "cdwally-engine")
    nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

    let mpv: any MPVPort
    let configuration: PlayerConfiguration
    let store: ResumeStore
    let log: ListeningLog
    /// The one software volume of the user (nil: kept per library, in `store` alone).
    let userVolume: UserVolume?
    let published: LockedValue<PlayerSnapshot>
    let hub: EventHub

    var wallet: Wallet
    /// The disc in the player and where it stands (`DiscPlace`); read through the accessors
    /// below, its state changed only by its moves.
    var place = DiscPlace()
    /// The held disc after the wallet let it go, and the disc that follows it (`LeftDisc`).
    var leftDisc: LeftDisc?
    /// The track the listener is on, and the entry mpv is on (`TrackCursor`).
    var cursor = TrackCursor()
    /// The seeks on their way to mpv, and one waiting for a track to open (`SeekTracker`).
    var seeks = SeekTracker()
    /// The audio output mpv has open, whether it holds mpv's core, whether its null fallback
    /// was said (`OutputCondition`, `PlayerEngine+StalledOutput.swift`).
    var output = OutputCondition()
    /// Whether the music moves while it plays (`SilenceWatch`, `PlayerEngine+Silence.swift`).
    var silence = SilenceWatch()
    /// The requests posted to mpv and what their replies are for, and the loads (`send`).
    var book = ReplyBook()
    /// The volume as the listener set it and as the output has it (`VolumeControl`), and the
    /// ramp under way (`PlayerEngine+Volume.swift`).
    var volume: VolumeControl
    var rampTask: Task<Void, Never>?
    /// The sleep timer (`SleepTimer`), and its wait or fade under way.
    var sleepTimer = SleepTimer()
    var sleepTask: Task<Void, Never>?
    /// The shell's own: set once by `shutdown` (or mpv's end); later commands throw.
    var isShutDown = false
    /// The commands waiting for mpv to confirm playback (`WaiterBook`, `PlayerEngine+Waiting`).
    var waiters = WaiterBook<Waiter>()
    var randomness = SystemRandomNumberGenerator()
    /// The disc being listened to and how long, whether the disc loaded last reached the
    /// output yet, when its place was saved last (`ListenTracker`, `PlayerEngine+Listening`).
    var listening = ListenTracker()
    /// The hooks mpv waits at until the engine lets it go on (`PlayerEngine+GoneDisk`).
    var heldHooks = Set<UInt64>()

    init(
        mpv: any MPVPort, configuration: PlayerConfiguration, store: ResumeStore, log: ListeningLog,
        userVolume: UserVolume?, wallet: Wallet,
        published: LockedValue<PlayerSnapshot>, hub: EventHub, volume: Int, muted: Bool
    ) {
        let applier: VolumeControl.Applier =
            configuration.mixer == .hardware ? .hardware : mpv.relaysOutput ? .relay : .mpv
        self.volume = VolumeControl(
            applier: applier, bounds: configuration.volumeBounds, device: configuration.outputName,
            level: volume,
            muted: muted)
        self.mpv = mpv
        self.configuration = configuration
        self.store = store
        self.log = log
        self.userVolume = userVolume
        self.wallet = wallet
        self.published = published
        self.hub = hub
    }

    var logger: Logger { configuration.logger }

    var state: PlaybackState { place.state }
    var isActive: Bool { place.isActive }
    var disc: CurrentDisc? {
        get { place.disc }
        set { place.disc = newValue }
    }
    var elapsed: Double {
        get { place.elapsed }
        set { place.elapsed = newValue }
    }
    var duration: Double? {
        get { place.duration }
        set { place.duration = newValue }
    }
    var queue: DiscQueue? {
        get { place.queue }
        set { place.queue = newValue }
    }
    var shuffle: Bool {
        get { place.shuffle }
        set { place.shuffle = newValue }
    }

    /// The track (1-based) the listener is on.
    var trackIndex: Int? { cursor.track }

    func makeSnapshot() -> PlayerSnapshot {
        var snapshot = PlayerSnapshot(
            state: state, disc: disc, trackIndex: trackIndex, track: place.track(trackIndex),
            elapsed: elapsed,
            duration: duration, wallet: wallet, volume: volume.level, muted: volume.muted,
            sleep: sleepTimer.shown(now: Date(), instant: .now),
            waitingForOutput: output.isStalled || silence.isSilent, shuffle: shuffle)
        snapshot.volumeBounds = volume.bounds
        snapshot.outputHoldsPlayer = output.isStalled
        return snapshot
    }

    /// Makes the current state visible to `Player.snapshot`, and to subscribers when
    /// something shown changed.
    func publish() {
        let snapshot = makeSnapshot()
        let previous = published.withLock { current in
            defer { current = snapshot }
            return current
        }
        if previous.differsVisibly(from: snapshot) { hub.emit(.snapshotChanged(snapshot)) }
    }

    /// Remembers the current track and `position` for the current disc, and whether it is
    /// playing (what `serve` restores after a power cut), and queues a write.
    func saveCurrent(at position: Double, playing: Bool? = nil) {
        guard let disc, let trackIndex, disc.album.tracks.indices.contains(trackIndex - 1) else { return }
        let isPlaying = playing ?? (state == .playing)
        // Before its first sound a disc is not saved (`ListenTracker.maySave`).
        guard listening.maySave(playing: isPlaying, isLastSaved: store.lastDisc == disc.album.id) else {
            return
        }
        let resume = DiscResume(
            trackIndex: trackIndex, trackPath: disc.album.tracks[trackIndex - 1].path,
            position: position.isFinite ? max(0, position) : 0, finished: false, lastPlayed: Date())
        store.record(resume, for: disc.album.id, playing: isPlaying)
        // Only a save that records the place restarts the periodic save's clock: a volume
        // turned every few seconds (a child at the knob) saves no place, and must not keep
        // the place from being saved.
        listeningDid(.saved(at: .now))
        writeStore()
    }

    /// Remembers that the current disc played to its end: it starts from track 1 next time.
    func saveFinished(_ album: Album) {
        guard let first = album.tracks.first else { return }
        let resume = DiscResume(
            trackIndex: 1, trackPath: first.path, position: 0, finished: true, lastPlayed: Date())
        store.record(resume, for: album.id, playing: false)
        listeningDid(.saved(at: .now))
        writeStore()
    }

    /// Writes what the store holds and keeps the listen; the place's save clock is
    /// `saveCurrent`'s alone.
    func writeStore() {
        store.save { [hub] error in hub.emit(.error(error)) }
        keepListen()
    }

    /// Ends mpv's playback of whatever it holds; its END_FILE events will not match a queue.
    func stopMPV() {
        queue = nil
        cursorDid(.stopped)
        seeksDid(.stopped)
        do {
            try send(.stop)
        } catch PlayerError.outputStalled {
            // Stopped when the core answers again (`OutputCondition`'s `.bringBack`).
        } catch {
            logger.warning("could not stop mpv: \(error)")
        }
    }

    /// Saves positions, stops mpv and tears it down. Later commands throw `.shutDown`.
    func shutdown() async {
        guard !isShutDown else { return }
        // A volume ramp or a sleep timer must not reach for mpv once it is gone.
        rampTask?.cancel()
        sleepTask?.cancel()
        if isActive {
            saveCurrent(at: elapsed)
            place.stop()
        }
        endListen(finished: false)
        isShutDown = true
        store.flush { hub.emit(.error($0)) }
        log.flush()
        userVolume?.flush()
        resolveWaiters(with: .superseded)
        queue = nil
        publish()
        // mpv ends only once no hook holds it.
        for hook in heldHooks { release(hook: hook) }
        mpv.quit()
        if !(await mpv.waitUntilDestroyed(within: Self.teardownLimit)) {
            // Its output holds the core (`mpv_terminate_destroy` would wait as long): the
            // positions are on disk, so the process may end without it.
            logger.notice("mpv did not end within \(Self.teardownLimit): its audio output holds it")
            // Its threads run on: the process must not unload the libraries under them.
            ExitWithoutDestructors.arm()
            hub.finish()
        }
    }
}

extension PlayerSnapshot {
    /// Whether a display would change: anything but the elapsed time, or the elapsed time
    /// crossing a whole second.
    fileprivate func differsVisibly(from other: PlayerSnapshot) -> Bool {
        var mine = self
        var theirs = other
        mine.elapsed = elapsed.rounded(.down)
        theirs.elapsed = other.elapsed.rounded(.down)
        return mine != theirs
    }
}
