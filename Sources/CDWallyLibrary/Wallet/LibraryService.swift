import CDWallyCore
import Foundation

/// The library's front door for commands: finds the root, keeps the index fresh, and turns
/// the CDs playlist into a wallet (docs/PRODUCT.md §1–§4).
///
/// A value; each call does its own work and may be used from any one thread at a time.
public struct LibraryService: Sendable {
    public let root: RawPath
    public let index: LibraryIndex
    private let updater: IndexUpdater

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
        let (delta, playlists, _) = try updater.refreshAll()
        return ScanReport(
            delta: delta, statistics: try index.statistics(), albums: try albumCount(), playlists: playlists)
    }

    /// How many albums the whole index holds.
    public func albumCount() throws(LibraryError) -> Int {
        try index.albumCount()
    }

    /// The wallet of the CDs playlist; `choice.chosen` is nil when there is none to be found.
    /// - Parameters:
    ///   - playlist: a playlist given outright (`--playlist`), which wins over any found.
    ///   - wholeTree: refresh the whole tree first and resolve every candidate playlist
    ///     (`doctor`); otherwise only the playlist's own folders are refreshed.
    ///   - now: the clock (nanoseconds since the epoch) that the remembered wallet's settling
    ///     time is measured by (`WalletMemo`); the real one when nil.
    public func wallet(playlist: RawPath?, capacity: Int, wholeTree: Bool, now: Int64? = nil)
        throws(LibraryError) -> WalletReport
    {
        let started = now ?? NodeStamp.now()
        var resolver = EntryResolver(updater: updater, treeIsFresh: false)
        var found: [RawPath]
        var problems: [TreeWalker.Problem] = []
        var scan = ScanDelta()
        if wholeTree {
            let (delta, playlists, _) = try updater.refreshAll()
            scan = delta
            found = playlists
            resolver = EntryResolver(updater: updater, treeIsFresh: true)
        } else if playlist == nil {
            let search = PlaylistFinder.playlists(under: root, memo: index.playlistMemo)
            (found, problems) = (search.paths, search.problems)
        } else {
            found = []
        }

        var parsed: [RawPath: M3UParser.Result] = [:]
        func read(_ path: RawPath, bytes: [UInt8]? = nil) throws(LibraryError) -> M3UParser.Result {
            if let result = parsed[path] { return result }
            let contents: [UInt8]
            if let bytes { contents = bytes } else { contents = try PlaylistFile.contents(of: path) }
            let result = M3UParser.parse(contents, isM3U8: path.fileExtension == "m3u8")
            parsed[path] = result
            return result
        }

        var choice: PlaylistChoice
        if let playlist {
            let status = FileStatus.of(playlist)
            choice = PlaylistChoice(
                chosen: playlist, reason: "given with --playlist (or the playlist setting)",
                candidates: [PlaylistCandidate(path: playlist, modified: status?.modified ?? 0)])
        } else {
            choice = try PlaylistFinder.choose(found) { (path: RawPath) throws(LibraryError) -> Int in
                try resolver.resolve(read(path).entries, playlist: path).filter { !$0.albums.isEmpty }.count
            }
        }
        guard let chosen = choice.chosen else {
            scan.problems += problems
            return WalletReport(
                library: root, choice: choice, encoding: nil, entries: .init(),
                wallet: Wallet(discs: [], total: 0, capacity: capacity),
                scan: scan)
        }

        // A command answers from the wallet the last one remembered, when nothing it was built
        // from changed (`WalletMemo`); doctor always resolves afresh, to report every route.
        var memo: (file: RawPath, key: WalletMemo.Key)?
        var earlier: WalletMemo.Earlier?
        if !wholeTree, let file = index.walletMemo {
            let key = WalletMemo.Key(
                playlist: chosen, digest: try PlaylistFile.digest(of: chosen), capacity: capacity,
                generation: try index.currentGeneration())
            switch WalletMemo.lookup(in: file, key: key) {
            case .answer(let answer):
                var searched = ScanDelta()
                searched.problems = problems
                if let position = choice.candidates.firstIndex(where: { $0.path == chosen }) {
                    choice.candidates[position].entries = answer.entries.total
                }
                return WalletReport(
                    library: root, choice: choice, encoding: answer.encoding,
                    looksLikePlaylist: answer.looksLikePlaylist, entries: answer.entries,
                    wallet: answer.wallet, scan: searched, remembered: true)
            case .found(let found): earlier = found
            case nil: break
            }
            memo = (file, key)
        }
        // The memo an edit kept, with what its stamps cover.
        var kept: (earlier: WalletMemo.Earlier, cover: WalletMemo.Cover)?
        var edited: (outcomes: LineOutcomes, form: M3UParser.Form)?
        if let earlier, let key = memo?.key {
            switch try resolveEdited(chosen, keyedBy: key, earlier: earlier, resolver: &resolver) {
            case .resolved(let outcomes, let form, let cover):
                edited = (outcomes, form)
                kept = (earlier, cover)
            case .wholeNeeded: break
            case .changed: memo = nil
            }
        }
        let outcomes: LineOutcomes
        let form: M3UParser.Form
        if let edited {
            (outcomes, form) = edited
        } else {
            let bytes = try PlaylistFile.contents(of: chosen)
            // Read again after the memo's key: a playlist written in between is not the one keyed.
            if let key = memo?.key, PlaylistFile.digest(of: bytes) != key.digest { memo = nil }
            let playlistText = try read(chosen, bytes: bytes)
            outcomes = LineOutcomes(resolved: try resolver.resolve(playlistText.entries, playlist: chosen))
            form = playlistText.form
        }
        if wholeTree {
            for index in choice.candidates.indices where choice.candidates[index].resolvable == nil {
                let path = choice.candidates[index].path
                choice.candidates[index].resolvable =
                    path == chosen
                    ? outcomes.resolved.filter { !$0.albums.isEmpty }.count
                    : (try? resolver.resolve(read(path).entries, playlist: path).filter { !$0.albums.isEmpty }
                        .count)
            }
        }
        // Only doctor shows the other candidates' entries: a command need not parse them.
        for index in choice.candidates.indices where wholeTree || choice.candidates[index].path == chosen {
            let path = choice.candidates[index].path
            choice.candidates[index].entries =
                path == chosen ? outcomes.count : (try? read(path))?.entries.count
        }

        // One pass, no copies of the outcomes: an export has hundreds of thousands.
        var picks: [[Album]] = []
        picks.reserveCapacity(outcomes.count)
        var counts = WalletReport.EntryCounts()
        counts.total = outcomes.count
        func tally(_ outcome: EntryOutcome) {
            switch outcome.result {
            case .stream: counts.streams += 1
            case .unavailable(let reason):
                counts.unavailable.append(
                    .init(line: outcome.entry.line, entry: outcome.entry.text, reason: reason))
            case .albums(let albums) where albums.isEmpty: break
            case .albums(let albums):
                picks.append(albums)
                counts.resolved += 1
                if outcome.resolvedByTags { counts.resolvedByTags += 1 }
                if let route = outcome.route, route != .path {
                    counts.rerouted.append(
                        .init(line: outcome.entry.line, entry: outcome.entry.text, route: route))
                }
            }
        }
        // A remembered album's later lines add no disc (the first occurrence counts): they are
        // counted as merged here rather than handed to the builder, an export's dozen per album.
        var repeats = 0
        if outcomes.lines.isEmpty {
            for outcome in outcomes.resolved { tally(outcome) }
        } else {
            var next = outcomes.resolved.makeIterator()
            var picked = [Bool](repeating: false, count: outcomes.remembered.count)
            for line in outcomes.lines {
                switch line {
                case .remembered(let album):
                    counts.resolved += 1
                    if picked[Int(album)] {
                        repeats += 1
                    } else {
                        picked[Int(album)] = true
                        picks.append(outcomes.remembered[Int(album)])
                    }
                case .resolved:
                    if let outcome = next.next() { tally(outcome) }
                }
            }
        }
        let built = WalletBuilder.build(picks: picks, capacity: capacity)
        counts.merged = built.mergedPicks.count + repeats
        scan.merge(resolver.delta)
        scan.problems += problems
        // Problems (an unreadable folder below a folder entry) are reported afresh by each
        // resolution, so a resolution that met one is not remembered.
        if let (file, key) = memo, counts.rerouted.isEmpty,
            resolver.delta.problems.isEmpty,
            let stamps = WalletMemo.stamps(
                folders: resolver.readFolders, listed: resolver.listedFolders, startedAt: started),
            // Read after the resolution's own refresh, which may have bumped it; a change by
            // another process since shows in the stamps, which must have settled. The albums
            // of an edited playlist's memo were found at the generation it was read at, so it
            // is written only while that is still the index's.
            case let generation = try index.currentGeneration(),
            kept == nil || generation == key.generation
        {
            var key = key
            key.generation = generation
            let found = WalletMemo.Part(
                found: .init(outcomes: outcomes.resolved, playlistFolder: chosen.parent))
            WalletMemo(
                key: key,
                stamps: kept.map { $0.earlier.stamps.followed(by: .init(stamps: $0.cover.uncovered(stamps))) }
                    ?? .init(stamps: stamps),
                answer: .init(
                    encoding: form.encoding, looksLikePlaylist: form.looksLikePlaylist,
                    entries: counts, wallet: built.wallet),
                albums: kept.map { $0.earlier.albums.followed(by: found) } ?? found
            ).save(to: file)
        }
        return WalletReport(
            library: root, choice: choice, encoding: form.encoding,
            looksLikePlaylist: form.looksLikePlaylist, entries: counts, wallet: built.wallet,
            scan: scan, rememberedEntries: outcomes.count - outcomes.resolved.count)
    }
}
