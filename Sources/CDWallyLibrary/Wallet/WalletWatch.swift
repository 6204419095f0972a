import CDWallyCore
import CDWallySystem
import Foundation
import Logging

/// One run of the wallet watcher (`WalletWatcher`): what it compares the disk with, and the
/// steps of a turn. Each turn waits half a second (or a nudge), then checks the playlists and
/// the library root; every few turns the wallet's folders and some of its tracks; once due,
/// it indexes the whole library; a change rebuilds the wallet and hands it to `onChange`.
///
/// Made by `WalletWatcher.start`, then owned by the watcher's thread: `run(on:)` is its only
/// entry point once that starts (hence `@unchecked Sendable`, for the hand-over alone).
final class WalletWatch: @unchecked Sendable {
    /// What `WalletWatcher.start` was given; see there.
    struct Settings {
        var playlist: RawPath?
        var capacity: Int
        var indexAfter: Duration
        var interval: Duration
        var playlistInterval: Duration
        var discoveryEvery: Int
        var tracksPerCheck: Int
        var state: RawPath?
    }

    private let settings: Settings
    private let stopped: LockedValue<Bool>
    private let nudged: WakePipe
    private let logger: Logger
    private let onChange: @Sendable (WalletReport) -> Void
    private var service: LibraryService
    private var current: WalletReport
    private var fingerprint: [RawPath: NodeStamp?]
    private var dependencies: WalletWatcher.Dependencies
    /// The playlist of the last wallet that had one: when its disk goes, it is watched for
    /// coming back.
    private var remembered: RawPath?
    /// Where the next check of the wallet's tracks starts.
    private var cursor = 0
    /// The CDs playlists the last walk of the library found.
    private var playlists: [RawPath] = []
    private var indexAt: ContinuousClock.Instant
    private var indexed = false
    private var tick = 0
    /// When to look into the library root while its disk is away behind an automount point.
    private var away: AwayDiskLooks?

    init(
        service: LibraryService, initial: WalletReport, settings: Settings, stopped: LockedValue<Bool>,
        nudged: WakePipe, logger: Logger, onChange: @escaping @Sendable (WalletReport) -> Void
    ) {
        self.service = service
        self.settings = settings
        self.stopped = stopped
        self.nudged = nudged
        self.logger = logger
        self.onChange = onChange
        current = initial
        // Taken now, not when the thread gets going: a change made in between must count.
        fingerprint = WalletWatcher.fingerprint(of: initial, remembering: nil)
        dependencies = WalletWatcher.dependencies(of: initial, remembering: nil)
        remembered = initial.choice.chosen
        indexAt = ContinuousClock.now + settings.indexAfter
    }

    /// Watches until the watcher stops.
    func run(on thread: PollThread) {
        while !stopped.current {
            guard wait(on: thread) else { return }
            if stopped.current { break }
            turn()
        }
    }

    /// Waits for the next turn, a nudge or the time to index; false when the thread is stopped.
    private func wait(on thread: PollThread) -> Bool {
        // The wallet's own files are checked from the start; the whole library once due.
        let next = ContinuousClock.now + settings.playlistInterval
        var nudges = [pollfd(fd: nudged.readEnd, events: Int16(POLLIN), revents: 0)]
        switch thread.wait(&nudges, until: indexed ? next : min(next, indexAt)) {
        case .stopped: return false
        case .ready: nudged.drain()
        case .timedOut: break
        case .failed(let code):
            // poll(2) fails only for want of memory: wait the turn out rather than spin.
            logger.warning("the wallet watcher's wait failed: \(ErrnoText.of(code))")
            Thread.sleep(forTimeInterval: settings.playlistInterval.inSeconds)
        }
        return true
    }

    /// One turn: what changed since the last, and the wallet rebuilt when anything did.
    private func turn() {
        if keepsOutOfTheRoot() { return }
        if !service.index.isCurrent { reopen(because: "its file was replaced or removed") }
        if !indexed && ContinuousClock.now >= indexAt {
            indexed = true
            indexEverything()
            return
        }
        tick += 1
        // The root's inside first, one look: a disk pulled is told before anything else looks
        // inside it (`WalletWatcher.fingerprint`).
        let inside = current.library.appending(".")
        if case .some(.some) = fingerprint[inside], NodeStamp.current(inside) == nil {
            return rebuild("library gone", rootAway: true)
        }
        // Two stats a turn: a writer killed between keeping the old bytes and removing them
        // may have left the playlist torn, with no change after it to notice.
        if let chosen = remembered,
            UserFileRecovery.hasBackup(chosen, state: settings.state ?? chosen.parent),
            recover()
        {
            return rebuild("playlist put back")
        }
        if dependencies.playlistsChanged(since: fingerprint) { return rebuild("playlist changed") }
        let pause = settings.playlistInterval.inSeconds
        let fullEvery = max(1, Int((settings.interval.inSeconds / pause).rounded()))
        guard tick % fullEvery == 0 else { return }
        if dependencies.changed(since: fingerprint, cursor: &cursor, tracks: settings.tracksPerCheck) {
            rebuild("files changed")
        } else if indexed, settings.playlist == nil, (tick / fullEvery) % settings.discoveryEvery == 0 {
            let found = PlaylistFinder.playlists(under: service.root, memo: service.index.playlistMemo).paths
            if found != playlists {
                playlists = found
                rebuild("CDs playlists changed")
            }
        }
    }

    /// Whether this turn touches nothing inside the library root: the root's inside was
    /// missing at the last look, the root is an automount point with no disk mounted over it,
    /// and `AwayDiskLooks` finds no plug likely now.
    private func keepsOutOfTheRoot() -> Bool {
        guard case .some(nil) = fingerprint[current.library.appending(".")],
            MountTable.isBareAutomountPoint(current.library)
        else {
            away = nil
            return false
        }
        var looks = away ?? AwayDiskLooks()
        defer { away = looks }
        return !looks.mayLook(at: .now, devices: NodeStamp.current(RawPath("/dev")))
    }

    /// Opens the index again (which builds a damaged one afresh) and indexes the whole
    /// library at the next turn; the wallet is rebuilt from that.
    private func reopen(because reason: String) {
        logger.info("opening the library index again: \(reason)")
        do {
            service = try service.reopened()
            indexed = false
            indexAt = .now
        } catch {
            logger.warning("could not open the library index again: \(error)")
        }
    }

    private func mend(after error: any Error) {
        if case .indexDamaged? = error as? LibraryError { reopen(because: "it is damaged") }
    }

    /// Puts back a playlist torn by a writer that died in the middle of its write, and sweeps
    /// that writer's temporary files (docs/PRODUCT.md §11); true when it said so.
    private func recover() -> Bool {
        guard let chosen = remembered else { return false }
        let said = UserFileRecovery.recover(chosen, state: settings.state ?? chosen.parent)
        for line in said { logger.warning("\(line)") }
        return !said.isEmpty
    }

    /// - Parameter rootAway: a look just made found the root's inside gone.
    private func rebuild(_ reason: String, rootAway: Bool = false) {
        // Nothing to put back on a disk that is gone.
        if !rootAway { _ = recover() }
        // Stamps taken before the files are read: a file changed while the wallet is being
        // built (the playlist saved meanwhile) must still look changed next time.
        let before = WalletWatcher.fingerprint(of: current, remembering: remembered, rootAway: rootAway)
        do {
            let report = try service.wallet(
                playlist: settings.playlist, capacity: settings.capacity, wholeTree: false)
            remembered = report.choice.chosen ?? remembered
            fingerprint = WalletWatcher.fingerprint(of: report, remembering: remembered, rootAway: rootAway)
            dependencies = WalletWatcher.dependencies(of: report, remembering: remembered)
            for (path, stamp) in before where fingerprint.keys.contains(path) {
                fingerprint[path] = stamp
            }
            // A playlist found or lost counts even with the same discs: the host says what it
            // waits for.
            guard report.wallet != current.wallet || report.choice.chosen != current.choice.chosen else {
                return
            }
            logger.info("wallet changed (\(reason)): \(report.wallet.discs.count) discs")
            current = report
            onChange(report)
        } catch {
            // Tried again when something changes again, not at every turn.
            fingerprint = before
            logger.warning("could not refresh the wallet: \(error)")
            mend(after: error)
        }
    }

    private func indexEverything() {
        do {
            let scan = try service.scan()
            // The walk passed every CDs playlist: the list later walks are compared with.
            playlists = scan.playlists.sorted()
            logger.info("library indexed: \(scan.statistics.tracks) tracks, \(scan.albums) albums")
            if !stopped.current { rebuild("library indexed") }
            // The Library (web, `/`) then lists at once rather than group every track at its
            // first request.
            if !stopped.current { try service.prepareAlbumSummary() }
        } catch {
            logger.warning("background indexing failed: \(error)")
            mend(after: error)
        }
        // The scan's short-lived allocations would otherwise stay resident for as long as the
        // player runs.
        FreeMemory.giveBack()
    }
}
