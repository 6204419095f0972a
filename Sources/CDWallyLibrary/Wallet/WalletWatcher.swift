import CDWallyCore
import CDWallySystem
import Foundation
import Logging

/// Keeps a running player's wallet in step with the disk (docs/PRODUCT.md §1, §4, §10). Twice a
/// second it stats the CDs playlists and the library root (a playlist saved by `cdwally add`, an
/// editor or the web shows within a second; so does a library disk mounted again, whose
/// playlist comes back), and every few seconds the rest of what the wallet depends on (the
/// wallet's folders and files); it rebuilds the wallet only when one of them changed.
/// It indexes the rest of the library in the background once playback has had a few seconds
/// to itself: on a small board a whole-library scan would compete with the first seconds of
/// decoding, and a short run (rendering an album) ends before it is due. New CDs playlists
/// elsewhere in the library are looked for less often, since that lists every folder.
/// Changes reach `onChange` on the watcher's thread.
///
/// Threads: any; the watcher runs on a `PollThread` of its own until `stop()`, waiting between
/// checks on its stop signal and on a pipe that `nudge()` writes to.
public final class WalletWatcher: Sendable {
    private let stopped = LockedValue(false)
    /// The watching thread and the pipe that wakes it early, once started.
    private let running = LockedValue<(thread: PollThread, nudged: WakePipe)?>(nil)

    public init() {}

    /// - Parameters:
    ///   - initial: the report the player started from.
    ///   - indexAfter: how long to wait before indexing the whole library.
    ///   - interval: how often the wallet's folders and files are checked.
    ///   - playlistInterval: how often the playlists and the library root are checked.
    ///   - discoveryEvery: every how many checks the library is walked for new playlists.
    ///   - tracksPerCheck: how many of the wallet's tracks one check stats. The playlists and
    ///     the discs' folders are checked every time (a file added, removed or renamed shows
    ///     there); the tracks, for a file retagged in place, in turns: a wallet of a whole
    ///     library (100,000 tracks) would otherwise cost a core of a small board.
    ///   - state: the player's state folder, where a playlist edit may have kept the old bytes
    ///     (`UserFileRecovery`); nil puts back only a playlist whose backup lies beside it.
    ///
    /// The work (a whole-library scan among it) blocks on disk and TagLib, so it runs on a
    /// thread of its own rather than on the tasks the player and its front ends need.
    public func start(
        service: LibraryService, playlist: RawPath?, capacity: Int, initial: WalletReport,
        indexAfter: Duration = .seconds(5), interval: Duration = .seconds(3),
        playlistInterval: Duration = .milliseconds(500), discoveryEvery: Int = 20,
        tracksPerCheck: Int = 4000, state: RawPath? = nil, logger: Logger,
        onChange: @escaping @Sendable (WalletReport) -> Void
    ) throws(WakePipe.Failure) {
        let nudged = try WakePipe()
        // Taken now, not when the thread gets going: a change made in between must count.
        let initialFingerprint = WalletWatcher.fingerprint(of: initial, remembering: nil)
        let watch: @Sendable (PollThread) -> Void = { [stopped] thread in
            var service = service
            var current = initial
            var fingerprint = initialFingerprint
            var dependencies = WalletWatcher.dependencies(of: initial, remembering: nil)
            // The playlist of the last wallet that had one: when its disk goes, it is watched for
            // coming back.
            var remembered = initial.choice.chosen
            var cursor = 0
            var playlists: [RawPath] = []
            let pause = WalletWatcher.seconds(playlistInterval)
            let fullEvery = max(1, Int((WalletWatcher.seconds(interval) / pause).rounded()))
            var indexAt = ContinuousClock.now + indexAfter
            var indexed = false
            /// Opens the index again (which builds a damaged one afresh) and indexes the whole
            /// library at the next turn; the wallet is rebuilt from that.
            func reopen(because reason: String) {
                logger.info("opening the library index again: \(reason)")
                do {
                    service = try service.reopened()
                    indexed = false
                    indexAt = .now
                } catch {
                    logger.warning("could not open the library index again: \(error)")
                }
            }
            func mend(after error: LibraryError) {
                if case .indexDamaged = error { reopen(because: "it is damaged") }
            }
            /// Puts back a playlist torn by a writer that died in the middle of its write, and
            /// sweeps that writer's temporary files (docs/PRODUCT.md §11); true when it said so.
            func recover() -> Bool {
                guard let chosen = remembered else { return false }
                let said = UserFileRecovery.recover(chosen, state: state ?? chosen.parent)
                for line in said { logger.warning("\(line)") }
                return !said.isEmpty
            }
            func rebuild(_ reason: String) {
                _ = recover()
                // Stamps taken before the files are read: a file changed while the wallet is
                // being built (the playlist saved meanwhile) must still look changed next time.
                let before = WalletWatcher.fingerprint(of: current, remembering: remembered)
                do {
                    let report = try service.wallet(playlist: playlist, capacity: capacity, wholeTree: false)
                    remembered = report.choice.chosen ?? remembered
                    fingerprint = WalletWatcher.fingerprint(of: report, remembering: remembered)
                    dependencies = WalletWatcher.dependencies(of: report, remembering: remembered)
                    for (path, stamp) in before where fingerprint.keys.contains(path) {
                        fingerprint[path] = stamp
                    }
                    // A playlist found or lost counts even with the same discs: the host says
                    // what it waits for.
                    guard report.wallet != current.wallet || report.choice.chosen != current.choice.chosen
                    else { return }
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
            func indexEverything() {
                do {
                    let scan = try service.scan()
                    // The walk passed every CDs playlist: the list later walks are compared with.
                    playlists = scan.playlists.sorted()
                    logger.info("library indexed: \(scan.statistics.tracks) tracks, \(scan.albums) albums")
                    if !stopped.current { rebuild("library indexed") }
                    // The Library (web, `/`) then lists at once rather than group every track
                    // at its first request.
                    if !stopped.current { try service.prepareAlbumSummary() }
                } catch {
                    logger.warning("background indexing failed: \(error)")
                    mend(after: error)
                }
                // The scan's short-lived allocations would otherwise stay resident for as long
                // as the player runs.
                FreeMemory.giveBack()
            }
            var tick = 0
            while !stopped.current {
                // The wallet's own files are checked from the start; the whole library once due.
                let next = ContinuousClock.now + playlistInterval
                var nudges = [pollfd(fd: nudged.readEnd, events: Int16(POLLIN), revents: 0)]
                switch thread.wait(&nudges, until: indexed ? next : min(next, indexAt)) {
                case .stopped: return
                case .ready: nudged.drain()
                case .timedOut: break
                case .failed(let code):
                    // poll(2) fails only for want of memory: wait the turn out rather than spin.
                    logger.warning("the wallet watcher's wait failed: \(ErrnoText.of(code))")
                    Thread.sleep(forTimeInterval: WalletWatcher.seconds(playlistInterval))
                }
                if stopped.current { break }
                if !service.index.isCurrent { reopen(because: "its file was replaced or removed") }
                if !indexed && ContinuousClock.now >= indexAt {
                    indexed = true
                    indexEverything()
                    continue
                }
                tick += 1
                // Two stats a turn: a writer killed between keeping the old bytes and removing
                // them may have left the playlist torn, with no change after it to notice.
                if let chosen = remembered, UserFileRecovery.hasBackup(chosen, state: state ?? chosen.parent),
                    recover()
                {
                    rebuild("playlist put back")
                    continue
                }
                if dependencies.playlistsChanged(since: fingerprint) {
                    rebuild("playlist changed")
                    continue
                }
                guard tick % fullEvery == 0 else { continue }
                if dependencies.changed(since: fingerprint, cursor: &cursor, tracks: tracksPerCheck) {
                    rebuild("files changed")
                } else if indexed, playlist == nil, (tick / fullEvery) % discoveryEvery == 0 {
                    let found = PlaylistFinder.playlists(
                        under: service.root, memo: service.index.playlistMemo
                    ).paths
                    if found != playlists {
                        playlists = found
                        rebuild("CDs playlists changed")
                    }
                }
            }
        }
        // A thread's closure is released only in the thread's own teardown, after libdispatch
        // has put away its per-thread state; the index's dispatch queues (and the player the
        // callback reaches) must not be freed there. So the closure only takes the work out of
        // a box, and everything the work holds goes when it returns, while the thread is whole.
        let work = LockedValue<(@Sendable (PollThread) -> Void)?>(watch)
        let thread = PollThread.start(name: "cdwally-wallet", stopSignal: try WakePipe()) { thread in
            let taken = work.withLock { work in
                defer { work = nil }
                return work
            }
            taken?(thread)
        }
        running.set((thread, nudged))
    }

    /// Checks the playlists at once rather than at the next turn: this process just wrote one
    /// (the web's Add and Remove).
    public func nudge() {
        running.current?.nudged.signal()
    }

    /// Stops watching, without waiting: a scan under way finishes its current batch first.
    public func stop() {
        stopped.set(true)
        running.current?.thread.stopSignal.signal()
    }

    private static func seconds(_ duration: Duration) -> Double { duration.inSeconds }

    /// What the wallet depends on that can change under it, stamped as the wallet memo stamps
    /// it (`NodeStamp`: device, inode, size, ctime): a file replaced by `cp -p`, its size and
    /// modification time as before, still shows, and a disk mounted over an empty mount point
    /// changes the root's device even when both folders' times fall in the same clock tick.
    static func fingerprint(of report: WalletReport, remembering playlist: RawPath?) -> [RawPath: NodeStamp?]
    {
        let dependencies = dependencies(of: report, remembering: playlist)
        var stamps: [RawPath: NodeStamp?] = [:]
        for path in dependencies.playlists + dependencies.always + dependencies.tracks {
            stamps[path] = NodeStamp.current(path)
        }
        return stamps
    }

    /// - Parameter playlist: the playlist of the last wallet that had one, watched while it is
    ///   gone (a library disk pulled).
    static func dependencies(of report: WalletReport, remembering playlist: RawPath?) -> Dependencies {
        var playlists = report.choice.candidates.map(\.path) + [report.library]
        if let playlist, !playlists.contains(playlist) { playlists.append(playlist) }
        var dependencies = Dependencies(playlists: playlists, always: [], tracks: [])
        for disc in report.wallet.discs {
            dependencies.always += disc.directories
            dependencies.tracks += disc.tracks.map(\.path)
        }
        for unavailable in report.entries.unavailable where unavailable.entry.hasPrefix("/") {
            dependencies.always.append(RawPath(unavailable.entry))
        }
        return dependencies
    }

    /// The files a wallet is built from: the playlists and the library root, checked at every
    /// turn; its folders, at every full check; and its tracks, in turns.
    struct Dependencies {
        var playlists: [RawPath]
        var always: [RawPath]
        var tracks: [RawPath]

        /// Whether a playlist or the library root differs from `fingerprint`.
        func playlistsChanged(since fingerprint: [RawPath: NodeStamp?]) -> Bool {
            playlists.contains { path in fingerprint[path].map { $0 != NodeStamp.current(path) } ?? true }
        }

        /// Whether one of `always`, or one of the `count` tracks from `cursor` on (which then
        /// moves on, round the list), differs from `fingerprint`.
        func changed(since fingerprint: [RawPath: NodeStamp?], cursor: inout Int, tracks count: Int) -> Bool {
            func differs(_ path: RawPath) -> Bool {
                guard let recorded = fingerprint[path] else { return true }
                return recorded != NodeStamp.current(path)
            }
            if always.contains(where: differs) { return true }
            guard !tracks.isEmpty else { return false }
            for _ in 0..<min(count, tracks.count) {
                cursor = cursor < tracks.count ? cursor : 0
                defer { cursor += 1 }
                if differs(tracks[cursor]) { return true }
            }
            return false
        }
    }
}
