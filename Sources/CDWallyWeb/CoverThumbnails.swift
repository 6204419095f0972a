import CDWallyCore
import CDWallySystem
import CVips
import Foundation

/// Covers at fixed sizes for the pages (docs/PRODUCT.md §6): JPEGs of 128, 256 and 512 px made
/// once with libvips from the cover `coverFile` finds (the embedded picture or the folder's
/// image), kept as `<content hash>-<size>.jpg` in the cover cache. The name changes with the
/// picture, so a browser may keep each for a year. Made on a thread of its own, one disc at a
/// time, never on a request: a disc whose thumbnails are not made yet has no cover URL.
///
/// Threads: any; the finished map is behind a lock, the work on one detached thread at a time.
final class CoverThumbnails: Sendable {
    static let sizes = [128, 256, 512]

    let folder: String
    private let coverFile: @Sendable (Album) -> String?
    /// Album id → content hash of its cover, once all sizes are on disk.
    private let made = LockedValue<[AlbumID: String]>([:])
    private let queue = LockedValue<(pending: [Album], running: Bool)>(([], false))
    private static let started: String? = {
        var error: UnsafeMutablePointer<CChar>?
        guard cvips_start(1, &error) == 0 else { return CoverThumbnails.take(error) }
        return nil
    }()

    init(cacheFolder: String, coverFile: @escaping @Sendable (Album) -> String?) {
        folder = cacheFolder + "/covers"
        self.coverFile = coverFile
    }

    /// The URLs of `album`'s cover by size, once made.
    func urls(for album: Album) -> [Int: String]? {
        guard let hash = made.current[album.id] else { return nil }
        return Dictionary(
            uniqueKeysWithValues: CoverThumbnails.sizes.map { ($0, "/covers/\(hash)-\($0).jpg") })
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
        let start = queue.withLock { queue -> Bool in
            let known = made.current
            queue.pending += albums.filter { known[$0.id] == nil }
            defer { queue.running = queue.running || !queue.pending.isEmpty }
            return !queue.running && !queue.pending.isEmpty
        }
        guard start else { return }
        Thread.detachNewThread { [self] in
            var changed = false
            while let album = queue.withLock({ queue -> Album? in
                if queue.pending.isEmpty {
                    queue.running = false
                    return nil
                }
                return queue.pending.removeFirst()
            }) {
                if made.current[album.id] == nil, let hash = make(album) {
                    made.withLock { $0[album.id] = hash }
                    changed = true
                }
            }
            if changed { done() }
        }
    }

    /// Makes the three sizes of one album's cover; nil when it has none or libvips cannot read it.
    private func make(_ album: Album) -> String? {
        guard CoverThumbnails.started == nil, let source = coverFile(album),
            let data = FileManager.default.contents(atPath: source)
        else { return nil }
        let bytes = [UInt8](data)
        let hash = String(Digest.hex(bytes).prefix(32))
        for size in CoverThumbnails.sizes {
            let path = "\(folder)/\(hash)-\(size).jpg"
            if FileManager.default.fileExists(atPath: path) { continue }
            guard let jpeg = CoverThumbnails.thumbnail(bytes, size: size) else { return nil }
            do {
                try AtomicFile.makeDirectory(RawPath(folder))
                try AtomicFile.replace(RawPath(path), with: jpeg, mode: 0o644)
            } catch {
                return nil
            }
        }
        return hash
    }

    private static func thumbnail(_ image: [UInt8], size: Int) -> [UInt8]? {
        var jpeg: UnsafeMutableRawPointer?
        var length = 0
        var error: UnsafeMutablePointer<CChar>?
        let status = image.withUnsafeBytes { buffer in
            cvips_thumbnail(buffer.baseAddress, buffer.count, Int32(size), &jpeg, &length, &error)
        }
        guard status == 0, let jpeg else {
            _ = take(error)
            return nil
        }
        defer { cvips_free(jpeg) }
        return [UInt8](UnsafeRawBufferPointer(start: jpeg, count: length))
    }

    private static func take(_ error: UnsafeMutablePointer<CChar>?) -> String? {
        guard let error else { return nil }
        defer { free(error) }
        return String(decoding: UnsafeRawBufferPointer(start: error, count: strlen(error)), as: UTF8.self)
    }
}
