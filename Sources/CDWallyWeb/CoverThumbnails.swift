import CDWallyCore
import CDWallySystem
import Foundation
import Logging

/// Covers at fixed sizes for the pages (docs/PRODUCT.md §6, §10): JPEGs of 128, 256 and 512 px
/// for the wallet's discs, 128 px alone for the Library's rows,
/// made once from the cover `coverFile` finds (the embedded picture or the folder's image), kept as
/// `<content hash>-<size>.jpg` in the cover cache. The name changes with the picture, so a
/// browser may keep each for a year. A `CoverWorker` child process makes them, a batch of discs
/// at a time, on the process's `CoverLane` and never on a request: a disc whose thumbnails are
/// not made yet has no cover URL, and one whose picture the worker could not use is not tried
/// again.
///
/// Threads: any; the maps are behind locks, the work on the lane, a batch per job.
final class CoverThumbnails: Sendable {
    static let sizes = CoverWorker.sizes
    /// Discs per worker: the answers reach the pages a batch at a time.
    static let batch = 16

    let folder: String
    private let coverFile: @Sendable (Album) -> String?
    private let worker: CoverWorkerProcess
    /// Album id → its cover's thumbnails on disk.
    private let made = LockedValue<[AlbumID: Made]>([:])

    /// A cover's thumbnails on disk: the picture's content hash, and the sizes made (every size
    /// for a disc of the wallet; 128 px alone for a row of the Library).
    private struct Made {
        var hash: String
        var sizes: [Int]

        var isWhole: Bool { sizes == CoverThumbnails.sizes }
    }

    /// The one size the Library's rows show.
    static let librarySizes = [128]
    /// Album id → the picture the worker could not use: not tried again until it is another.
    private let failed = LockedValue<[AlbumID: String]>([:])
    /// The wallet's discs waiting, the Library's rows waiting (the last page asked for), and
    /// what to call when a batch of the wallet's made something new.
    private let queue = LockedValue<(pending: [Album], library: [Album], made: @Sendable () -> Void)>(
        ([], [], {}))
    /// The most Library rows that wait: one screenful or two.
    static let libraryRows = 64

    init(
        cacheFolder: String, coverFile: @escaping @Sendable (Album) -> String?, worker: [String],
        logger: Logger
    ) {
        folder = cacheFolder + "/covers"
        self.coverFile = coverFile
        self.worker = CoverWorkerProcess(
            command: worker, folder: folder, patience: .seconds(30), logger: logger)
    }

    /// The URLs of `album`'s cover by size, once made: every size for a disc of the wallet,
    /// 128 px for a row of the Library until the album is a disc.
    func urls(for album: Album) -> [Int: String]? {
        guard let made = made.current[album.id] else { return nil }
        return Dictionary(uniqueKeysWithValues: made.sizes.map { ($0, "/covers/\(made.hash)-\($0).jpg") })
    }

    /// The file behind a URL's last part, if it is one of ours and there.
    func file(named name: String) -> String? {
        guard name.range(of: #"^[0-9a-f]{32}-(128|256|512)\.jpg$"#, options: .regularExpression) != nil else {
            return nil
        }
        let path = folder + "/" + name
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Makes the thumbnails of every disc that lacks them, in the background; `done` runs
    /// after each batch that made something new.
    func prepare(_ albums: [Album], done: @escaping @Sendable () -> Void) {
        let waits = queue.withLock { queue -> Bool in
            let known = made.current
            let waiting = Set(queue.pending.map(\.id))
            queue.pending += albums.filter { known[$0.id]?.isWhole != true && !waiting.contains($0.id) }
            queue.made = done
            return !queue.pending.isEmpty
        }
        if waits { makeNextBatch() }
    }

    /// Makes the covers of the Library rows a page shows, at 128 px only, after the wallet's.
    /// Each request replaces the rows still waiting from the one before: rows scrolled away are
    /// dropped, so a small board never works through a whole library's covers.
    func prepareLibrary(_ albums: [Album]) {
        let waits = queue.withLock { queue -> Bool in
            let known = made.current
            queue.library = Array(albums.filter { known[$0.id] == nil }.prefix(Self.libraryRows))
            return !queue.library.isEmpty
        }
        if waits { makeNextBatch() }
    }

    /// Queues the job that makes the next batch; it queues itself again while batches wait,
    /// and one not started yet is replaced, so there is never more than one waiting.
    private func makeNextBatch() {
        CoverLane.shared.submit(CoverLane.Key(self, "thumbnails")) { [self] in
            guard let (albums, sizes, done) = nextBatch() else { return }
            if make(albums, sizes: sizes) { done() }
            makeNextBatch()
        }
    }

    /// The next albums to make covers of, at which sizes, and what to call when any is new:
    /// the wallet's first.
    private func nextBatch() -> ([Album], [Int], @Sendable () -> Void)? {
        queue.withLock { queue -> ([Album], [Int], @Sendable () -> Void)? in
            let known = made.current
            queue.pending.removeAll { known[$0.id]?.isWhole == true }
            queue.library.removeAll { known[$0.id] != nil }
            if !queue.pending.isEmpty {
                let albums = Array(queue.pending.prefix(CoverThumbnails.batch))
                queue.pending.removeFirst(albums.count)
                return (albums, CoverThumbnails.sizes, queue.made)
            }
            if !queue.library.isEmpty {
                let albums = Array(queue.library.prefix(CoverThumbnails.batch))
                queue.library.removeFirst(albums.count)
                return (albums, CoverThumbnails.librarySizes, {})
            }
            return nil
        }
    }

    /// Makes the covers of `albums` at `sizes`; true when any is new.
    private func make(_ albums: [Album], sizes: [Int]) -> Bool {
        let hopeless = failed.current
        let sources = albums.compactMap { album in
            coverFile(album).flatMap { hopeless[album.id] == $0 ? nil : (id: album.id, file: $0) }
        }
        guard !sources.isEmpty else { return false }
        var found: [AlbumID: Made] = [:]
        var unusable: [AlbumID: String] = [:]
        for (source, hash) in zip(sources, worker.run(sources.map(\.file), sizes: sizes)) {
            if let hash {
                found[source.id] = Made(hash: hash, sizes: sizes)
            } else {
                unusable[source.id] = source.file
            }
        }
        made.withLock { $0.merge(found) { _, new in new } }
        failed.withLock { $0.merge(unusable) { _, new in new } }
        return !found.isEmpty
    }
}
