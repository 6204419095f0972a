import CDWallyCore
import CDWallySystem
import Dispatch
import Foundation

/// Brings the index up to date with the files on disk (docs/PRODUCT.md §1).
///
/// Incremental: a file whose size and mtime match the index is not read again, so a warm
/// refresh costs a `stat` per file. Changed and new files are read by TagLib on every core,
/// in batches that are each committed in one transaction, so an interrupted scan keeps what
/// it finished. A file that vanishes or fails to parse mid-scan is recorded as such; nothing
/// about one file stops the others.
///
/// A value used by one caller at a time; it fans tag reads out to worker threads itself.
public struct IndexUpdater: Sendable {
    public let index: LibraryIndex
    let reader: TagReader
    let progress: (@Sendable (ScanProgress) -> Void)?
    /// Files read and committed together. Larger batches commit less often (each commit
    /// writes every index page the batch touched, and the rows of a batch touch pages all over
    /// the album, title and name indexes); this size keeps a batch of small files under half
    /// a second, so an interrupted scan keeps most of its work.
    let batchSize: Int

    public init(index: LibraryIndex, progress: (@Sendable (ScanProgress) -> Void)? = nil) {
        self.init(index: index, progress: progress, batchSize: 4096)
    }

    init(index: LibraryIndex, progress: (@Sendable (ScanProgress) -> Void)?, batchSize: Int) {
        self.index = index
        self.reader = TagReader()
        self.progress = progress
        self.batchSize = max(1, batchSize)
    }

    /// Refreshes the files directly in each of `folders` (not below them). A folder that is
    /// gone loses its files from the index. The statuses of files the caller looked up already
    /// (`known`, by path) are not looked up again. Also returns a snapshot of each folder listed.
    func refresh(folders: [RawPath], known: [RawPath: FileStatus]) throws(LibraryError) -> (
        delta: ScanDelta, snapshots: [RawPath: FolderSnapshot]
    ) {
        let unique = Array(Set(folders)).sorted()
        guard !unique.isEmpty else { return (ScanDelta(), [:]) }
        var delta = ScanDelta()
        var found: [(RawPath, FileStatus)] = []
        var listed: [RawPath] = []
        var snapshots: [RawPath: FolderSnapshot] = [:]
        var seen: Set<FileID> = []
        for folder in unique {
            do {
                let listing = try DirectoryListing.read(
                    folder, statFile: AudioFileTypes.isAudio(fileName:), known: known)
                found += audioFiles(in: listing, seen: &seen)
                listed.append(folder)
                snapshots[folder] = FolderSnapshot(listing)
            } catch {
                // A folder that vanished simply loses its files; any other failure is a problem worth saying.
                if error.code != ENOENT && error.code != ENOTDIR { delta.problems.append(.unreadable(error)) }
            }
        }
        let stamps = try index.stamps(inFolders: unique)
        delta.merge(try update(found: found, known: stamps, folders: listed))
        return (delta, snapshots)
    }

    /// Refreshes `folder` and every folder below it: an album copied into the library a moment
    /// ago, named by its path (docs/PRODUCT.md §11).
    func refresh(tree folder: RawPath) throws(LibraryError) -> ScanDelta {
        var walker = TreeWalker(statFile: { _ in false }, keepFile: { _ in false })
        var folders: [RawPath] = []
        walker.walk(folder) { folders.append($0.directory) }
        return try refresh(folders: folders, known: [:]).delta
    }

    /// The paths the index still holds for files found under a new one, that no longer lead
    /// to them: a folder renamed and renamed back leaves its first name's rows behind, and the
    /// index keeps one path per file (`allTracks`, the first in byte order), which could be the
    /// gone one, so the album would lose the path the playlist names (docs/PRODUCT.md §11). A
    /// walk of the whole tree forgets them anyway.
    private func formerPaths(of found: [(RawPath, FileStatus)], known: [RawPath: IndexStamp])
        throws(LibraryError)
        -> [RawPath]
    {
        var former: Set<RawPath> = []
        for (path, status) in found where known[path] == nil {
            for old in try index.indexedPaths(of: status.fileID) where old != path && known[old] == nil {
                if FileStatus.of(old)?.fileID != status.fileID { former.insert(old) }
            }
        }
        return former.sorted()
    }

    /// Walks the whole tree under the index's root: every folder refreshed, every file and
    /// folder no longer there forgotten. Also returns the CDs playlists the walk passed.
    public func refreshAll() throws(LibraryError) -> (delta: ScanDelta, playlists: [RawPath]) {
        let (delta, playlists, _) = try refreshAllWithSnapshots()
        return (delta, playlists)
    }

    /// The same, with the folders the walk listed, each with its snapshot (nil when an audio
    /// file of it was gone before its status was read).
    func refreshAllWithSnapshots() throws(LibraryError) -> (
        delta: ScanDelta, playlists: [RawPath], snapshots: [(folder: RawPath, snapshot: FolderSnapshot?)]
    ) {
        // The index's stamps load on another thread while this one walks the tree.
        let index = self.index
        // Only what lies under the root: files outside it that a playlist named are indexed
        // too, and this walk, which never goes there, must not forget them.
        let stamps = BlockingPool.background.start { () -> Result<[RawPath: IndexStamp], LibraryError> in
            do throws(LibraryError) {
                return .success(try index.stamps(inFolders: nil).filter { $0.key.isInside(index.root) })
            } catch {
                return .failure(error)
            }
        }
        var walker = TreeWalker(
            statFile: AudioFileTypes.isAudio(fileName:),
            keepFile: {
                AudioFileTypes.isAudio(fileName: $0) || AudioFileTypes.isWalletPlaylist(fileName: $0)
            })
        var found: [(RawPath, FileStatus)] = []
        var folders: [(folder: RawPath, snapshot: FolderSnapshot?)] = []
        var playlists: [RawPath] = []
        var seen: Set<FileID> = []
        walker.walk(index.root) { listing in
            folders.append((listing.directory, FolderSnapshot(listing)))
            found += audioFiles(in: listing, seen: &seen)
            playlists += listing.files.map(\.path).filter(AudioFileTypes.isWalletPlaylist)
        }
        let known = try stamps.value().get()
        var delta = try update(found: found, known: known, folders: folders.map(\.folder), fullScan: Date())
        delta.problems += walker.problems
        return (delta, playlists, folders)
    }

    /// Audio files of a listing with their status; a file already reached by another path
    /// (same device and inode) is left out, as is one that vanished since the listing.
    private func audioFiles(in listing: DirectoryListing, seen: inout Set<FileID>) -> [(RawPath, FileStatus)]
    {
        listing.files.compactMap { entry in
            guard AudioFileTypes.isAudio(entry.path),
                let status = entry.status ?? FileStatus.of(entry.path), status.kind == .regular,
                seen.insert(status.fileID).inserted
            else { return nil }
            return (entry.path, status)
        }
    }

    /// Reads what is new or changed among `found`, and forgets the files of `known` that are
    /// not among them. `fullScan` marks a walk of the whole tree: the folders it did not pass
    /// are forgotten too, and the time is recorded, in the transaction of the last batch.
    private func update(
        found: [(RawPath, FileStatus)], known: [RawPath: IndexStamp], folders: [RawPath],
        fullScan: Date? = nil
    ) throws(LibraryError) -> ScanDelta {
        var delta = ScanDelta()
        var toRead: [(RawPath, FileStatus)] = []
        var stillThere = 0
        for (path, status) in found {
            switch known[path] {
            case nil:
                delta.added += 1
                toRead.append((path, status))
            case let stamp?:
                stillThere += 1
                if stamp != IndexStamp(status) {
                    delta.changed += 1
                    toRead.append((path, status))
                }
            }
        }
        // Found paths are distinct, so when every known one was found again, none went away.
        var removed: [RawPath] = []
        if stillThere < known.count {
            let present = Set(found.map(\.0))
            removed = known.keys.filter { !present.contains($0) }
        }
        if fullScan == nil { removed += try formerPaths(of: toRead, known: known) }
        delta.removed = removed.count
        if toRead.isEmpty {
            try index.apply(saving: [], removing: removed, folders: folders, fullScan: fullScan)
            return delta
        }
        // One thread writes the index; the others read tags. Batch N+1 is read while batch N
        // is written, so that no core waits while the writer binds rows and commits.
        let batches = stride(from: 0, to: toRead.count, by: batchSize).map {
            Array(toRead[$0..<min($0 + batchSize, toRead.count)])
        }
        var done = 0
        let reader = self.reader
        try index.beginBulkWrite()
        defer { index.endBulkWrite() }
        var reading = BlockingPool.background.start {
            IndexUpdater.readInParallel(batches[0], reader: reader)
        }
        for (number, batch) in batches.enumerated() {
            let records = reading.value()
            let isLast = number == batches.count - 1
            if !isLast {
                let next = batches[number + 1]
                reading = BlockingPool.background.start { IndexUpdater.readInParallel(next, reader: reader) }
            }
            delta.failedReads +=
                records.filter { if case .unreadable = $0.content { true } else { false } }.count
            do {
                try index.apply(
                    saving: records, removing: isLast ? removed : [], folders: isLast ? folders : [],
                    fullScan: isLast ? fullScan : nil)
            } catch {
                // Let the read in flight finish before the error leaves: it uses the files' paths.
                if !isLast { _ = reading.value() }
                throw error
            }
            done += batch.count
            progress?(ScanProgress(read: done, toRead: toRead.count))
        }
        return delta
    }

    /// Reads a batch on every core; TagLib is safe with one file per thread once prepared.
    static func readInParallel(_ files: [(RawPath, FileStatus)], reader: TagReader) -> [IndexRecord] {
        Parallel.map(files) { path, status in
            let content: IndexRecord.Content
            do throws(TagReadError) {
                // Found a regular file by the listing's stat (`audioFiles`).
                content = .tags(try reader.read(path, isRegularFile: status.kind == .regular))
            } catch {
                content = .unreadable(error.reason)
            }
            return IndexRecord(path: path, status: status, content: content)
        }
    }
}
