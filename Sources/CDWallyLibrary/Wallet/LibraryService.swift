import CDWallyCore
import CDWallySystem
import Foundation

/// The library's front door for commands: finds the root, keeps the index fresh, and turns
/// the CDs playlist into a wallet (docs/PRODUCT.md §1–§4).
///
/// A value; each call does its own work and may be used from any one thread at a time.
public struct LibraryService: Sendable {
    public let root: RawPath
    public let index: LibraryIndex
    let updater: IndexUpdater

    /// Opens the library at the first of `candidates` that is a directory.
    public init(
        candidates: [(path: String, source: String)], cacheDirectory: String,
        progress: (@Sendable (ScanProgress) -> Void)? = nil
    ) throws(LibraryError) {
        guard let root = Self.root(of: candidates.map(\.path)) else { throw .noLibrary(tried: candidates) }
        try self.init(root: root, cacheDirectory: cacheDirectory, progress: progress)
    }

    /// The library root the candidates give: the first that is a directory.
    public static func root(of candidates: [String]) -> RawPath? {
        candidates.lazy.map { RawPath($0).lexicallyNormalized() }
            .first { FileStatus.of($0)?.kind == .directory }
    }

    private init(root: RawPath, cacheDirectory: String, progress: (@Sendable (ScanProgress) -> Void)?)
        throws(LibraryError)
    {
        self.root = root
        index = try LibraryIndex(root: root, cacheDirectory: cacheDirectory)
        updater = IndexUpdater(index: index, progress: progress)
    }

    /// The same library with its index opened again: after `LibraryError.indexDamaged` the
    /// new opening builds the index afresh, for a process that runs on (a player).
    public func reopened() throws(LibraryError) -> LibraryService {
        try LibraryService(root: root, cacheDirectory: index.cacheDirectory, progress: updater.progress)
    }

    /// What `cdwally scan` reports.
    public struct ScanReport: Sendable {
        public var delta: ScanDelta
        public var statistics: IndexStatistics
        public var albums: Int
        public var playlists: [RawPath]
    }

    /// Brings the whole tree up to date.
    public func scan() throws(LibraryError) -> ScanReport {
        let (delta, playlists) = try updater.refreshAll()
        return ScanReport(
            delta: delta, statistics: try index.statistics(), albums: try albumCount(), playlists: playlists)
    }

    /// How many albums the whole index holds.
    public func albumCount() throws(LibraryError) -> Int {
        try index.albumCount()
    }

    /// Every disc the playlist holds, those the capacity hides too: where a disc is looked
    /// for by its id or words rather than by its number (`card forget`, the web's Library).
    public func wholeWallet(playlist: RawPath?) throws(LibraryError) -> Wallet {
        try wallet(playlist: playlist, capacity: 0, wholeTree: false).wallet
    }

    /// The wallet of the CDs playlist; `choice.chosen` is nil when there is none to be found.
    /// The stages are `WalletBuild`'s.
    /// - Parameters:
    ///   - playlist: a playlist given outright (`--playlist`), which wins over any found.
    ///   - wholeTree: refresh the whole tree first and resolve every candidate playlist
    ///     (`doctor`); otherwise only the playlist's own folders are refreshed.
    ///   - now: the clock (nanoseconds since the epoch) that the remembered wallet's settling
    ///     time is measured by (`WalletMemo`); the real one when nil.
    public func wallet(playlist: RawPath?, capacity: Int, wholeTree: Bool, now: Int64? = nil)
        throws(LibraryError) -> WalletReport
    {
        var build = WalletBuild(
            service: self, updater: updater, capacity: capacity, wholeTree: wholeTree,
            startedAt: now ?? NodeStamp.now())
        try build.findPlaylists(given: playlist)
        guard let chosen = try build.choosePlaylist(given: playlist) else {
            return build.reportWithoutPlaylist()
        }
        if let remembered = try build.rememberedWallet(of: chosen) { return remembered }
        let resolution = try build.resolve(chosen, service: self)
        build.countCandidates(chosen: chosen, resolution: resolution)
        let tally = WalletTally(resolution.outcomes)
        let built = WalletBuilder.build(picks: tally.picks, capacity: capacity)
        var report = build.report(tally, wallet: built.wallet, resolution: resolution)
        report.entries.merged = built.mergedPicks.count + tally.repeats
        try build.remember(built.wallet, counts: report.entries, resolution: resolution, playlist: chosen)
        return report
    }
}
