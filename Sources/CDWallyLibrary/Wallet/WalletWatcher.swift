import CDWallyCore
import CDWallySystem
import Dispatch
import Foundation
import Logging

/// Keeps a running player's wallet in step with the disk (docs/PRODUCT.md §1, §4). Every few
/// seconds it checks what the wallet depends on (the playlist file, the wallet's folders and
/// files) with a few `stat` calls, and rebuilds the wallet only when one of them changed.
/// It indexes the rest of the library in the background once playback has had a few seconds
/// to itself: on a small board a whole-library scan would compete with the first seconds of
/// decoding, and a short run (rendering an album) ends before it is due. New CDs playlists
/// elsewhere in the library are looked for less often, since that lists every folder.
/// Changes reach `onChange` on the watcher's thread.
///
/// Threads: any; the watcher runs on its own thread until `stop()`.
public final class WalletWatcher: Sendable {
    private let stopped = LockedValue(false)
    private let wake = DispatchSemaphore(value: 0)

    public init() {}

    /// - Parameters:
    ///   - initial: the report the player started from.
    ///   - indexAfter: how long to wait before indexing the whole library.
    ///   - interval: how often the wallet's files are checked.
    ///   - discoveryEvery: every how many checks the library is walked for new playlists.
    ///   - tracksPerCheck: how many of the wallet's tracks one check stats. The playlists and
    ///     the discs' folders are checked every time (a file added, removed or renamed shows
    ///     there); the tracks, for a file retagged in place, in turns: a wallet of a whole
    ///     library (100,000 tracks) would otherwise cost a core of a small board.
    ///
    /// The work (a whole-library scan among it) blocks on disk and TagLib, so it runs on a
    /// thread of its own rather than on the tasks the player and its front ends need.
    public func start(
        service: LibraryService, playlist: RawPath?, capacity: Int, initial: WalletReport,
        indexAfter: Duration = .seconds(5), interval: Duration = .seconds(3), discoveryEvery: Int = 20,
        tracksPerCheck: Int = 4000, logger: Logger,
        onChange: @escaping @Sendable (WalletReport) -> Void
    ) {
        // Taken now, not when the thread gets going: a change made in between must count.
        let initialFingerprint = WalletWatcher.fingerprint(of: initial)
        let watch: @Sendable () -> Void = { [stopped, wake] in
            var service = service
            var current = initial
            var fingerprint = initialFingerprint
            var dependencies = WalletWatcher.dependencies(of: initial)
            var cursor = 0
            var playlists: [RawPath] = []
            let pause = WalletWatcher.seconds(interval)
            var indexAt = DispatchTime.now() + WalletWatcher.seconds(indexAfter)
            var indexed = false
            /// Opens the index again (which builds a damaged one afresh) and indexes the whole
            /// library at the next turn; the wallet is rebuilt from that.
            func reopen(because reason: String) {
                logger.info("opening the library index again: \(reason)")
                do {
                    service = try service.reopened()
                    indexed = false
                    indexAt = .now()
                } catch {
                    logger.warning("could not open the library index again: \(error)")
                }
            }
            func mend(after error: LibraryError) {
                if case .indexDamaged = error { reopen(because: "it is damaged") }
            }
            func rebuild(_ reason: String) {
                // Stamps taken before the files are read: a file changed while the wallet is
                // being built (the playlist saved meanwhile) must still look changed next time.
                let before = WalletWatcher.fingerprint(of: current)
                do {
                    let report = try service.wallet(playlist: playlist, capacity: capacity, wholeTree: false)
                    fingerprint = WalletWatcher.fingerprint(of: report)
                    for (path, stamp) in before where fingerprint.keys.contains(path) {
                        fingerprint[path] = stamp
                    }
                    guard report.wallet != current.wallet else { return }
                    logger.info("wallet changed (\(reason)): \(report.wallet.discs.count) discs")
                    current = report
                    dependencies = WalletWatcher.dependencies(of: report)
                    onChange(report)
                } catch {
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
                let next = DispatchTime.now() + pause
                _ = wake.wait(timeout: indexed ? next : min(next, indexAt))
                if stopped.current { break }
                if !service.index.isCurrent { reopen(because: "its file was replaced or removed") }
                if !indexed && DispatchTime.now() >= indexAt {
                    indexed = true
                    indexEverything()
                    continue
                }
                tick += 1
                if dependencies.changed(since: fingerprint, cursor: &cursor, tracks: tracksPerCheck) {
                    rebuild("files changed")
                } else if indexed, playlist == nil, tick % discoveryEvery == 0 {
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
        let work = LockedValue<(@Sendable () -> Void)?>(watch)
        let thread = Thread {
            let taken = work.withLock { work in
                defer { work = nil }
                return work
            }
            taken?()
        }
        thread.name = "cdwally-wallet"
        thread.qualityOfService = .utility
        thread.start()
    }

    /// Stops watching; a scan under way finishes its current batch first.
    public func stop() {
        stopped.set(true)
        wake.signal()
    }

    private static func seconds(_ duration: Duration) -> Double { duration.inSeconds }

    /// What the wallet depends on that can change under it, as stat results.
    static func fingerprint(of report: WalletReport) -> [RawPath: IndexStamp?] {
        let dependencies = dependencies(of: report)
        var stamps: [RawPath: IndexStamp?] = [:]
        for path in dependencies.always + dependencies.tracks { stamps[path] = IndexStamp.of(path) }
        return stamps
    }

    static func dependencies(of report: WalletReport) -> Dependencies {
        var dependencies = Dependencies(always: report.choice.candidates.map(\.path), tracks: [])
        for disc in report.wallet.discs {
            dependencies.always += disc.directories
            dependencies.tracks += disc.tracks.map(\.path)
        }
        for unavailable in report.entries.unavailable where unavailable.entry.hasPrefix("/") {
            dependencies.always.append(RawPath(unavailable.entry))
        }
        return dependencies
    }

    /// The files a wallet is built from: those checked every time, and its tracks.
    struct Dependencies {
        var always: [RawPath]
        var tracks: [RawPath]

        /// Whether one of `always`, or one of the `count` tracks from `cursor` on (which then
        /// moves on, round the list), differs from `fingerprint`.
        func changed(since fingerprint: [RawPath: IndexStamp?], cursor: inout Int, tracks count: Int) -> Bool
        {
            func differs(_ path: RawPath) -> Bool {
                guard let recorded = fingerprint[path] else { return true }
                return recorded != IndexStamp.of(path)
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
