import CDWallyCore
import CDWallySystem

/// One build of the wallet, stage by stage (`LibraryService.wallet` runs them in order): find
/// the candidate playlists, choose one, answer from the remembered wallet when nothing it was
/// built from changed, else resolve the playlist's lines, count them into picks, build the
/// wallet and remember it. What the stages share lives here: the resolver and its index
/// refreshes, the playlists read, what the memo said.
///
/// A cold command reads the chosen playlist once, whole, for the resolution, and hashes those
/// bytes for the memo's key; a warm one hashes it as it streams by and reads nothing else. Only
/// a memo that cannot answer after all (an edit, a changed file) has it read again.
struct WalletBuild {
    let root: RawPath
    let index: LibraryIndex
    let updater: IndexUpdater
    let capacity: Int
    /// `doctor`: the whole tree refreshed first, every candidate resolved, no memo used.
    let wholeTree: Bool
    /// The clock the memo's settling time is measured by.
    let startedAt: Int64

    private var resolver: EntryResolver
    private var scan = ScanDelta()
    private var problems: [TreeWalker.Problem] = []
    private var found: [RawPath] = []
    /// Each playlist read so far, parsed, with its bytes' digest (none for `doctor`, which keys
    /// no memo).
    private var playlists: [RawPath: (text: M3UParser.Result, digest: [UInt8])] = [:]
    private var choice = PlaylistChoice(chosen: nil, reason: "", candidates: [])
    /// The memo's file and this build's key, while a new memo may be written under it.
    private var memo: (file: RawPath, key: WalletMemo.Key)?
    private var earlier: WalletMemo.Earlier?
    /// The memo an edit kept, with what its stamps cover.
    private var kept: (earlier: WalletMemo.Earlier, cover: WalletMemo.Cover)?

    init(service: LibraryService, updater: IndexUpdater, capacity: Int, wholeTree: Bool, startedAt: Int64) {
        root = service.root
        index = service.index
        self.updater = updater
        self.capacity = capacity
        self.wholeTree = wholeTree
        self.startedAt = startedAt
        resolver = EntryResolver(updater: updater, treeIsFresh: false)
    }

    /// The resolved lines of the chosen playlist and how its file reads.
    struct Resolution {
        var outcomes: LineOutcomes
        var form: M3UParser.Form
    }

    // MARK: Stages

    /// The CDs playlists there are: the whole tree's after refreshing it (`doctor`), those the
    /// playlist search finds, or none when one is given outright.
    mutating func findPlaylists(given playlist: RawPath?) throws(LibraryError) {
        if wholeTree {
            let (delta, playlists) = try updater.refreshAll()
            scan = delta
            found = playlists
            resolver = EntryResolver(updater: updater, treeIsFresh: true)
        } else if playlist == nil {
            let search = PlaylistFinder.playlists(under: root, memo: index.playlistMemo)
            (found, problems) = (search.paths, search.problems)
        }
    }

    /// The playlist to play: the one given, else the best of those found; nil when none.
    mutating func choosePlaylist(given playlist: RawPath?) throws(LibraryError) -> RawPath? {
        if let playlist {
            let status = FileStatus.of(playlist)
            choice = PlaylistChoice(
                chosen: playlist, reason: "given with --playlist (or the playlist setting)",
                candidates: [PlaylistCandidate(path: playlist, modified: status?.modified ?? 0)])
        } else {
            choice = try PlaylistFinder.choose(found) { (path: RawPath) throws(LibraryError) -> Int in
                try resolvableCount(path)
            }
        }
        return choice.chosen
    }

    /// The report when there is no playlist to build from.
    func reportWithoutPlaylist() -> WalletReport {
        var scan = scan
        scan.problems += problems
        return WalletReport(
            library: root, choice: choice, encoding: nil, entries: .init(),
            wallet: Wallet(discs: [], total: 0, capacity: capacity), scan: scan)
    }

    /// The wallet the last command remembered, when nothing it was built from changed
    /// (`WalletMemo`); doctor always resolves afresh, to report every route. Otherwise it
    /// notes what the memo still offers an edited playlist, and the key to remember under.
    mutating func rememberedWallet(of chosen: RawPath) throws(LibraryError) -> WalletReport? {
        guard !wholeTree, let file = index.walletMemo else { return nil }
        var key = WalletMemo.Key(
            playlist: chosen, digest: [], capacity: capacity, generation: try index.currentGeneration())
        var unreadable: LibraryError?
        let known = playlists[chosen]?.digest
        let lookup = WalletMemo.lookup(in: file, key: &key) {
            if let known { return known }
            do throws(LibraryError) {
                return try PlaylistFile.digest(of: chosen)
            } catch {
                unreadable = error
                return nil
            }
        }
        if let unreadable { throw unreadable }
        memo = (file, key)
        switch lookup {
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
        return nil
    }

    /// Every line of the chosen playlist resolved: those of an edited playlist from the albums
    /// the memo found where it can (`resolveEdited`), else each line afresh.
    mutating func resolve(_ chosen: RawPath, service: LibraryService) throws(LibraryError) -> Resolution {
        if let earlier, let key = memo?.key {
            switch try service.resolveEdited(chosen, keyedBy: key, earlier: earlier, resolver: &resolver) {
            case .resolved(let outcomes, let form, let cover):
                kept = (earlier, cover)
                return Resolution(outcomes: outcomes, form: form)
            case .wholeNeeded: break
            case .changed: memo = nil
            }
        }
        let (text, digest) = try read(chosen)
        if memo?.key.digest.isEmpty == true {
            memo?.key.digest = digest
        } else if let key = memo?.key, digest != key.digest {
            // Written since the memo's key was taken: not the playlist keyed.
            memo = nil
        }
        return Resolution(
            outcomes: LineOutcomes(resolved: try resolver.resolve(text.entries, playlist: chosen)),
            form: text.form)
    }

    /// How many entries each candidate holds: the chosen one's for every command; for
    /// `doctor`, every candidate's, and how many of them resolve.
    mutating func countCandidates(chosen: RawPath, resolution: Resolution) {
        if wholeTree {
            for number in choice.candidates.indices where choice.candidates[number].resolvable == nil {
                let path = choice.candidates[number].path
                choice.candidates[number].resolvable =
                    path == chosen
                    ? Self.leadingToAlbums(resolution.outcomes.resolved)
                    : try? resolvableCount(path)
            }
        }
        // Only doctor shows the other candidates' entries: a command need not parse them.
        for number in choice.candidates.indices where wholeTree || choice.candidates[number].path == chosen {
            let path = choice.candidates[number].path
            choice.candidates[number].entries =
                path == chosen ? resolution.outcomes.count : (try? read(path))?.text.entries.count
        }
    }

    /// Remembers the wallet for the next command, when what it was built from has settled.
    /// Problems (an unreadable folder below a folder entry) are reported afresh by each
    /// resolution, so a resolution that met one is not remembered.
    func remember(
        _ wallet: Wallet, counts: WalletReport.EntryCounts, resolution: Resolution, playlist: RawPath
    )
        throws(LibraryError)
    {
        guard let (file, key) = memo, counts.rerouted.allSatisfy(\.route.isSettledByFoldersRead),
            resolver.delta.problems.isEmpty,
            let stamps = WalletMemo.stamps(
                folders: resolver.readFolders, listed: resolver.listedFolders, snapshots: resolver.snapshots,
                seen: resolver.listedStamps, startedAt: startedAt)
        else { return }
        // Read after the resolution's own refresh, which may have bumped it; a change by
        // another process since shows in the stamps, which must have settled. The albums of
        // an edited playlist's memo were found at the generation it was read at, so it is
        // written only while that is still the index's.
        let generation = try index.currentGeneration()
        guard kept == nil || generation == key.generation else { return }
        var current = key
        current.generation = generation
        let found = WalletMemo.Part(
            found: .init(outcomes: resolution.outcomes.resolved, playlistFolder: playlist.parent))
        WalletMemo(
            key: current,
            stamps: kept.map { $0.earlier.stamps.followed(by: .init(stamps: $0.cover.uncovered(stamps))) }
                ?? .init(stamps: stamps),
            answer: .init(
                encoding: resolution.form.encoding, looksLikePlaylist: resolution.form.looksLikePlaylist,
                entries: counts, wallet: wallet),
            albums: kept.map { $0.earlier.albums.followed(by: found) } ?? found
        ).save(to: file)
    }

    /// The report of a resolved playlist.
    func report(_ tally: WalletTally, wallet: Wallet, resolution: Resolution) -> WalletReport {
        var scan = scan
        scan.merge(resolver.delta)
        scan.problems += problems
        return WalletReport(
            library: root, choice: choice, encoding: resolution.form.encoding,
            looksLikePlaylist: resolution.form.looksLikePlaylist, entries: tally.counts, wallet: wallet,
            scan: scan, rememberedEntries: resolution.outcomes.count - resolution.outcomes.resolved.count)
    }

    // MARK: Playlists read on the way

    /// A candidate's entries that lead to an album.
    private mutating func resolvableCount(_ path: RawPath) throws(LibraryError) -> Int {
        Self.leadingToAlbums(try resolver.resolve(read(path).text.entries, playlist: path))
    }

    private static func leadingToAlbums(_ outcomes: [EntryOutcome]) -> Int {
        outcomes.filter { !$0.albums.isEmpty }.count
    }

    /// A playlist read, parsed and hashed, once per build: the chosen one may have been read
    /// already to choose it.
    private mutating func read(_ path: RawPath) throws(LibraryError) -> (
        text: M3UParser.Result, digest: [UInt8]
    ) {
        if let known = playlists[path] { return known }
        let bytes = try PlaylistFile.contents(of: path)
        let read = (
            M3UParser.parse(bytes, isM3U8: path.fileExtension == "m3u8"),
            wholeTree ? [] : PlaylistFile.digest(of: bytes)
        )
        playlists[path] = read
        return read
    }
}
