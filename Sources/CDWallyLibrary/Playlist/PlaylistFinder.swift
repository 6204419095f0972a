import CDWallyCore
import CDWallySystem

/// Finds the CDs playlists under a library root: every file named `CDs.m3u` or `CDs.m3u8`
/// in any case (docs/PRODUCT.md §2). It lists directory names only and reads no tags, so even
/// a large library answers quickly.
public enum PlaylistFinder {
    public struct Search: Sendable {
        public var paths: [RawPath]
        public var problems: [TreeWalker.Problem]
        /// Found through `memo` without listing a folder.
        public var remembered: Bool
    }

    /// The CDs playlists under `root`. With a `memo` file, a search whose folders are all as
    /// the last one left them is answered from it (`PlaylistSearchMemo`); `now` (nanoseconds
    /// since the epoch) is the clock the memo's settling time is measured by.
    public static func playlists(under root: RawPath, memo: RawPath? = nil, now: Int64? = nil) -> Search {
        if let memo, let paths = PlaylistSearchMemo.valid(in: memo, root: root) {
            return Search(paths: paths, problems: [], remembered: true)
        }
        let started = now ?? NodeStamp.now()
        var walker = TreeWalker(keepFile: AudioFileTypes.isWalletPlaylist(fileName:))
        var found: [RawPath] = []
        var folders: [RawPath] = []
        walker.walk(root) { listing in
            folders.append(listing.directory)
            found += listing.files.map(\.path)
        }
        found.sort()
        if let memo, walker.problems.isEmpty,
            let remembered = PlaylistSearchMemo.after(
                walkStartedAt: started, folders: folders, playlists: found)
        {
            remembered.save(to: memo)
        }
        return Search(paths: found, problems: walker.problems, remembered: false)
    }

    /// Picks among several playlists (docs/PRODUCT.md §2): the most recently modified; on a tie,
    /// the one with more resolvable entries; on a tie, the first path in byte order.
    /// `resolvable` is asked only for playlists tied on time.
    public static func choose(
        _ paths: [RawPath], resolvable: (RawPath) throws(LibraryError) -> Int
    ) throws(LibraryError) -> PlaylistChoice {
        var candidates = paths.sorted().map {
            PlaylistCandidate(path: $0, modified: FileStatus.of($0)?.modified ?? 0)
        }
        guard let newest = candidates.map(\.modified).max() else {
            return PlaylistChoice(
                chosen: nil, reason: "no CDs.m3u or CDs.m3u8 in the library", candidates: [])
        }
        if candidates.count == 1 {
            return PlaylistChoice(
                chosen: candidates[0].path, reason: "the only CDs playlist in the library",
                candidates: candidates)
        }
        let tied = candidates.indices.filter { candidates[$0].modified == newest }
        if tied.count == 1 {
            return PlaylistChoice(
                chosen: candidates[tied[0]].path,
                reason: "the most recently modified of \(candidates.count) CDs playlists",
                candidates: candidates)
        }
        for index in tied { candidates[index].resolvable = try resolvable(candidates[index].path) }
        let most = tied.compactMap { candidates[$0].resolvable }.max() ?? 0
        let best = tied.filter { candidates[$0].resolvable == most }
        let reason =
            best.count == 1
            ? "\(tied.count) CDs playlists modified at the same time; this one has the most resolvable entries (\(most))"
            : "\(best.count) CDs playlists modified at the same time with \(most) resolvable entries each; the first in byte order"
        return PlaylistChoice(chosen: candidates[best[0]].path, reason: reason, candidates: candidates)
    }
}
