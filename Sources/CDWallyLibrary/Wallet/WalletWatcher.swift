import CDWallyCore
import Dispatch
import Foundation
import Logging

/// Keeps a running player's wallet in step with the disk (PRODUCT.md §1, §4): first it
/// indexes the rest of the library in the background, then every few seconds it checks
/// what the wallet depends on (the playlist file, the wallet's folders and files) with a
/// few `stat` calls, and rebuilds the wallet only when one of them changed. New CDs
/// playlists elsewhere in the library are looked for less often, since that lists every
/// folder. Changes reach `onChange` on the watcher's task.
///
/// Threads: any; the watcher runs on its own thread until `stop()`.
public final class WalletWatcher: Sendable {
    private let stopped = LockedValue(false)
    private let wake = DispatchSemaphore(value: 0)

    public init() {}

    /// - Parameters:
    ///   - initial: the report the player started from.
    ///   - interval: how often the wallet's files are checked.
    ///   - discoveryEvery: every how many checks the library is walked for new playlists.
    ///
    /// The work (a whole-library scan first) blocks on disk and TagLib, so it runs on a
    /// thread of its own rather than on the tasks the player and its front ends need.
    public func start(
        service: LibraryService, playlist: RawPath?, capacity: Int, initial: WalletReport,
        interval: Duration = .seconds(3), discoveryEvery: Int = 20, logger: Logger,
        onChange: @escaping @Sendable (WalletReport) -> Void
    ) {
        let thread = Thread { [stopped, wake] in
            var current = initial
            var fingerprint = WalletWatcher.fingerprint(of: initial)
            var playlists = playlist == nil ? PlaylistFinder.playlists(under: service.root).paths : []
            func rebuild(_ reason: String) {
                do {
                    let report = try service.wallet(playlist: playlist, capacity: capacity, wholeTree: false)
                    fingerprint = WalletWatcher.fingerprint(of: report)
                    guard report.wallet != current.wallet else { return }
                    logger.info("wallet changed (\(reason)): \(report.wallet.discs.count) discs")
                    current = report
                    onChange(report)
                } catch {
                    logger.warning("could not refresh the wallet: \(error)")
                }
            }
            do {
                let scan = try service.scan()
                logger.info("library indexed: \(scan.statistics.tracks) tracks, \(scan.albums) albums")
                if !stopped.current { rebuild("library indexed") }
            } catch {
                logger.warning("background indexing failed: \(error)")
            }
            let (seconds, attoseconds) = interval.components
            let pause = Double(seconds) + Double(attoseconds) / 1e18
            var tick = 0
            while !stopped.current {
                _ = wake.wait(timeout: .now() + pause)
                if stopped.current { break }
                tick += 1
                if WalletWatcher.fingerprint(of: current) != fingerprint {
                    rebuild("files changed")
                } else if playlist == nil, tick % discoveryEvery == 0 {
                    let found = PlaylistFinder.playlists(under: service.root).paths
                    if found != playlists {
                        playlists = found
                        rebuild("CDs playlists changed")
                    }
                }
            }
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

    /// What the wallet depends on that can change under it, as stat results.
    static func fingerprint(of report: WalletReport) -> [RawPath: Stamp?] {
        var paths: [RawPath] = report.choice.candidates.map(\.path)
        for disc in report.wallet.discs {
            paths += disc.directories
            paths += disc.tracks.map(\.path)
        }
        for unavailable in report.entries.unavailable where unavailable.entry.hasPrefix("/") {
            paths.append(RawPath(unavailable.entry))
        }
        var stamps: [RawPath: Stamp?] = [:]
        for path in paths {
            stamps[path] = FileStatus.of(path).map { Stamp(size: $0.size, modified: $0.modified) }
        }
        return stamps
    }

    struct Stamp: Hashable, Sendable {
        var size: Int64
        var modified: Int64
    }
}
