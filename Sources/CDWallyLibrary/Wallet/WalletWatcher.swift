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
/// checks on its stop signal and on a pipe that `nudge()` writes to. What one run holds, and
/// the steps of its turns, are `WalletWatch`'s.
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
        let watch = WalletWatch(
            service: service, initial: initial,
            settings: WalletWatch.Settings(
                playlist: playlist, capacity: capacity, indexAfter: indexAfter, interval: interval,
                playlistInterval: playlistInterval, discoveryEvery: discoveryEvery,
                tracksPerCheck: tracksPerCheck,
                state: state),
            stopped: stopped, nudged: nudged, logger: logger, onChange: onChange)
        // A thread's closure is released only in the thread's own teardown, after libdispatch
        // has put away its per-thread state; the index's dispatch queues (and the player the
        // callback reaches) must not be freed there. So the closure only takes the work out of
        // a box, and everything the work holds goes when it returns, while the thread is whole.
        let work = LockedValue<WalletWatch?>(watch)
        let thread = PollThread.start(name: "cdwally-wallet", stopSignal: try WakePipe()) { thread in
            let taken = work.withLock { work in
                defer { work = nil }
                return work
            }
            taken?.run(on: thread)
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

    /// What the wallet depends on that can change under it, stamped as the wallet memo stamps
    /// it (`NodeStamp`: device, inode, size, ctime): a file replaced by `cp -p`, its size and
    /// modification time as before, still shows, and a disk mounted over an empty mount point
    /// changes the root's device even when both folders' times fall in the same clock tick.
    ///
    /// - Parameter rootAway: the library root's inside could not be reached at a look just
    ///   made (its disk pulled): nothing inside it is looked at, all of it counts as gone. Behind
    ///   an automount point each look inside is a failed mount of a second or more, and a
    ///   wallet's files are dozens of looks: the player would hear of the disk's going only
    ///   after mpv had skipped its tracks.
    static func fingerprint(
        of report: WalletReport, remembering playlist: RawPath?, rootAway: Bool = false
    ) -> [RawPath: NodeStamp?] {
        let dependencies = dependencies(of: report, remembering: playlist)
        var stamps: [RawPath: NodeStamp?] = [:]
        for path in dependencies.playlists + dependencies.always + dependencies.tracks {
            let gone = rootAway && path != report.library && path.isInside(report.library)
            stamps.updateValue(gone ? nil : NodeStamp.current(path), forKey: path)
        }
        return stamps
    }

    /// - Parameter playlist: the playlist of the last wallet that had one, watched while it is
    ///   gone (a library disk pulled).
    static func dependencies(of report: WalletReport, remembering playlist: RawPath?) -> Dependencies {
        // The root looked into, first (with its disk gone, one look tells, not one per file),
        // and the root: a disk behind an automount point (the Pi guide's line for a stick)
        // mounts only when something looks inside it, and until then the point itself stats
        // the same, mounted or not.
        var playlists = [report.library.appending("."), report.library]
        playlists += report.choice.candidates.map(\.path)
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
