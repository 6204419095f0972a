import CDWallyCore
import CDWallyLibrary
import CDWallySystem
import Dispatch
import Foundation

/// Puts planned albums on disk: each track is a copy of its format's template, retagged with
/// the project's own `TagWriter` (the CTagLib shim), so the files are tagged exactly as the
/// tests' fixtures are and as TagLib-based taggers leave them.
///
/// Albums are shared out to `jobs` worker threads, whole albums at a time, so no two threads
/// touch one folder. Copying runs in parallel; the shim takes one tag write at a time.
///
/// Threads: `write` blocks its caller until every worker is done; the workers share only the
/// `WriteProgress` value, which holds its own lock.
struct LibraryWriter: Sendable {
    let root: String
    let jobs: Int
    private let templates: [AudioFormat: [UInt8]]
    private let cover: CoverArt
    /// The template cover padded to each of `RealWorldShape.largeCoverSizes`, by size.
    private let largeCovers: [Int: CoverArt]

    /// Loads the templates from `templatesFolder`.
    init(root: String, templatesFolder: String, jobs: Int) throws(GeneratorError) {
        self.root = root
        self.jobs = max(1, jobs)
        var templates: [AudioFormat: [UInt8]] = [:]
        for format in AudioFormat.allCases {
            templates[format] = try LibraryWriter.load(templatesFolder + "/" + format.templateName)
        }
        self.templates = templates
        let cover = CoverArt(
            data: try LibraryWriter.load(templatesFolder + "/cover.jpg"), mimeType: "image/jpeg")
        self.cover = cover
        largeCovers = Dictionary(
            uniqueKeysWithValues: RealWorldShape.largeCoverSizes.map { size in
                (size, CoverArt(data: LargeCover.padded(cover.data, to: size), mimeType: "image/jpeg"))
            })
    }

    /// Writes every album, then the playlist; `progress` hears how many albums are done.
    func write(
        _ albums: [AlbumPlan], playlist: String, progress: (@Sendable (Int) -> Void)? = nil
    ) throws(GeneratorError) {
        let state = WriteProgress()
        let workers = min(jobs, albums.count)
        DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
            let writer = TagWriter()
            while let index = state.claim(below: albums.count) {
                do throws(GeneratorError) {
                    try write(albums[index], writer: writer)
                } catch {
                    state.fail(error)
                    return
                }
                let done = state.finish()
                progress?(done)
            }
        }
        if let error = state.error { throw error }
        try FileBytes.store(Array(playlist.utf8), at: root + "/CDs.m3u8")
    }

    private func write(_ album: AlbumPlan, writer: TagWriter) throws(GeneratorError) {
        var writer = writer
        writer.id3v2Version = album.id3v2Version
        let template = templates[album.format] ?? []
        var folders: Set<String> = []
        let embedded = album.largeCoverBytes.flatMap { largeCovers[$0] } ?? cover
        for track in album.tracks {
            let path = root + "/" + track.path
            let folder = (path as NSString).deletingLastPathComponent
            if folders.insert(folder).inserted { try LibraryWriter.makeFolder(folder) }
            try FileBytes.store(template, at: path)
            do {
                try writer.write(
                    track.properties, to: RawPath(path), cover: album.embedsCover ? embedded : nil)
            } catch {
                throw .tagging(error)
            }
        }
        if album.hasFolderCover {
            try FileBytes.store(cover.data, at: root + "/" + album.folder + "/cover.jpg")
        }
        for extra in album.extraFiles {
            let path = root + "/" + extra.path
            let folder = (path as NSString).deletingLastPathComponent
            if folders.insert(folder).inserted { try LibraryWriter.makeFolder(folder) }
            switch extra.content {
            case .text(let text): try FileBytes.store(Array(text.utf8), at: path)
            case .picture: try FileBytes.store(cover.data, at: path)
            }
        }
    }

    private static func load(_ path: String) throws(GeneratorError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "it is empty or unreadable" : "no such file"
            throw .templateMissing(path: path, reason: reason)
        }
        return Array(data)
    }

    private static func makeFolder(_ path: String) throws(GeneratorError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}

/// The workers' shared bookkeeping: the next album to take, how many are done, and the
/// first failure (after which no more albums are handed out).
///
/// Threads: any; every access holds the lock inside `LockedValue`.
private final class WriteProgress: Sendable {
    private struct State {
        var next = 0
        var done = 0
        var error: GeneratorError?
    }

    private let state = LockedValue(State())

    func claim(below count: Int) -> Int? {
        state.withLock { state in
            guard state.error == nil, state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// The number of albums done, this one included.
    func finish() -> Int {
        state.withLock { state in
            state.done += 1
            return state.done
        }
    }

    func fail(_ error: GeneratorError) {
        state.withLock { state in
            if state.error == nil { state.error = error }
        }
    }

    var error: GeneratorError? { state.current.error }
}
