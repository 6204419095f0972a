import CDWallyCore
import Dispatch
import Foundation

/// Brings the index up to date with the files on disk (PRODUCT.md §1).
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
    /// writes every index page the batch touched); this size keeps a batch of small files
    /// well under a second, so an interrupted scan keeps most of its work.
    let batchSize: Int

    public init(index: LibraryIndex, progress: (@Sendable (ScanProgress) -> Void)? = nil) {
        self.init(index: index, progress: progress, batchSize: 1024)
    }

    init(index: LibraryIndex, progress: (@Sendable (ScanProgress) -> Void)?, batchSize: Int) {
        self.index = index
        self.reader = TagReader()
        self.progress = progress
        self.batchSize = max(1, batchSize)
    }

    /// Refreshes the files directly in each of `folders` (not below them). A folder that is
    /// gone loses its files from the index.
    public func refresh(folders: [RawPath]) throws(LibraryError) -> ScanDelta {
        let unique = Array(Set(folders)).sorted()
        guard !unique.isEmpty else { return ScanDelta() }
        var delta = ScanDelta()
        var found: [(RawPath, FileStatus)] = []
        var listed: [RawPath] = []
        var seen: Set<FileID> = []
        for folder in unique {
            do {
                let listing = try DirectoryListing.read(folder)
                found += audioFiles(in: listing, seen: &seen)
                listed.append(folder)
            } catch {
                // A folder that vanished simply loses its files; any other failure is a problem worth saying.
                if error.code != ENOENT && error.code != ENOTDIR { delta.problems.append(.unreadable(error)) }
            }
        }
        let known = try index.stamps(inFolders: unique)
        delta.merge(try update(found: found, known: known, folders: listed))
        return delta
    }

    /// Walks the whole tree under the index's root: every folder refreshed, every file and
    /// folder no longer there forgotten. Also returns the CDs playlists the walk passed.
    public func refreshAll() throws(LibraryError) -> (delta: ScanDelta, playlists: [RawPath]) {
        var walker = TreeWalker()
        var found: [(RawPath, FileStatus)] = []
        var folders: [RawPath] = []
        var playlists: [RawPath] = []
        var seen: Set<FileID> = []
        walker.walk(index.root) { listing in
            folders.append(listing.directory)
            found += audioFiles(in: listing, seen: &seen)
            playlists += listing.files.map(\.path).filter(AudioFileTypes.isWalletPlaylist)
        }
        let known = try index.stamps(inFolders: nil)
        var delta = try update(found: found, known: known, folders: folders, forgetting: false)
        delta.removed += try index.forgetAll(except: Set(folders), seenFiles: Set(found.map(\.0)))
        delta.problems += walker.problems
        try index.markFullScan(at: Date())
        return (delta, playlists)
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

    private func update(
        found: [(RawPath, FileStatus)], known: [RawPath: IndexStamp], folders: [RawPath],
        forgetting: Bool = true
    ) throws(LibraryError) -> ScanDelta {
        var delta = ScanDelta()
        var toRead: [(RawPath, FileStatus)] = []
        for (path, status) in found {
            switch known[path] {
            case nil:
                delta.added += 1
                toRead.append((path, status))
            case let stamp? where stamp != IndexStamp(size: status.size, modified: status.modified):
                delta.changed += 1
                toRead.append((path, status))
            default: break
            }
        }
        var removed: [RawPath] = []
        if forgetting {
            let present = Set(found.map(\.0))
            removed = known.keys.filter { !present.contains($0) }
            delta.removed = removed.count
        }
        if toRead.isEmpty {
            try index.apply(saving: [], removing: removed, folders: folders)
            return delta
        }
        // One thread writes the index; the others read tags. Batch N+1 is read while batch N
        // is written, so that no core waits while the writer binds rows and commits.
        let batches = stride(from: 0, to: toRead.count, by: batchSize).map {
            Array(toRead[$0..<min($0 + batchSize, toRead.count)])
        }
        var done = 0
        var reading = BatchRead(batches[0], reader: reader)
        for (number, batch) in batches.enumerated() {
            let records = reading.records()
            let isLast = number == batches.count - 1
            if !isLast { reading = BatchRead(batches[number + 1], reader: reader) }
            delta.failedReads +=
                records.filter { if case .unreadable = $0.content { true } else { false } }.count
            do {
                try index.apply(
                    saving: records, removing: isLast ? removed : [], folders: isLast ? folders : [])
            } catch {
                // Let the read in flight finish before the error leaves: it uses the files' paths.
                if !isLast { _ = reading.records() }
                throw error
            }
            done += batch.count
            progress?(ScanProgress(read: done, toRead: toRead.count))
        }
        return delta
    }

    /// Reads a batch on every core; TagLib is safe with one file per thread once prepared.
    fileprivate static func readInParallel(_ files: [(RawPath, FileStatus)], reader: TagReader)
        -> [IndexRecord]
    {
        let results = ResultSlots<IndexRecord>(count: files.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: files.count, by: workers) {
                let (path, status) = files[index]
                let content: IndexRecord.Content
                do throws(TagReadError) {
                    content = .tags(try reader.read(path))
                } catch {
                    content = .unreadable(error.reason)
                }
                results.set(index, IndexRecord(path: path, status: status, content: content))
            }
        }
        return results.values
    }
}

/// A batch being read in the background while the caller writes the one before it.
///
/// Threads: `result` is written once, by the reading task, before `finished` is signalled,
/// and read only after waiting on `finished`, which orders the two accesses.
private final class BatchRead: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private var result: [IndexRecord] = []
    private var taken = false

    init(_ files: [(RawPath, FileStatus)], reader: TagReader) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = IndexUpdater.readInParallel(files, reader: reader)
            self.finished.signal()
        }
    }

    /// Waits for the batch; called once or more, from the one thread that started it.
    func records() -> [IndexRecord] {
        if !taken {
            finished.wait()
            taken = true
        }
        return result
    }
}

/// Slots that worker threads fill at distinct indices. Each index is written by exactly one
/// worker and read only after `concurrentPerform` returns, which orders the accesses; the
/// storage is allocated once so that no write can move it.
private final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Value) {
        slots[index] = value
    }

    var values: [Value] { slots.compactMap { $0 } }
}
