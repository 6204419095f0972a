import CDWallyCore
import CDWallySystem
import Foundation

/// Album covers as files, for MPRIS's `mpris:artUrl`: the picture embedded in the first
/// track that has one, else a cover image in the album's folder, copied once into
/// `$XDG_CACHE_HOME/cdwally/covers/<album id>.<ext>`. Desktop widgets then load a file
/// instead of decoding a data URI on every track change.
///
/// A value; safe from any thread (files are written atomically, by rename).
public struct CoverArtCache: Sendable {
    public let folder: String
    private let reader = TagReader()

    /// Names of folder images, in order of preference, compared without case.
    static let folderImageNames = ["cover", "folder", "front", "album", "albumart"]
    static let imageExtensions = ["jpg", "jpeg", "png", "webp", "gif", "bmp"]

    public init(cacheDirectory: String) {
        folder = cacheDirectory + "/covers"
    }

    /// The file holding `album`'s cover, or nil when it has none.
    public func coverFile(for album: Album) -> String? {
        for fileExtension in CoverArtCache.imageExtensions {
            let cached = "\(folder)/\(album.id.rawValue).\(fileExtension)"
            if FileManager.default.fileExists(atPath: cached) { return cached }
        }
        if let art = album.tracks.lazy.compactMap({ try? reader.cover($0.path) }).first {
            return store(art.data, fileExtension: art.fileExtension, for: album)
        }
        for directory in album.directories + Set(album.directories.map(\.parent)).sorted() {
            if let image = folderImage(in: directory), let data = try? AtomicFile.contents(of: image) {
                return store(
                    data, fileExtension: image.fileExtension == "jpeg" ? "jpg" : image.fileExtension,
                    for: album)
            }
        }
        return nil
    }

    private func folderImage(in directory: RawPath) -> RawPath? {
        guard let listing = try? DirectoryListing.read(directory) else { return nil }
        let images = listing.files.map(\.path).filter {
            CoverArtCache.imageExtensions.contains($0.fileExtension)
        }
        for name in CoverArtCache.folderImageNames {
            if let match = images.first(where: { $0.stem.display.lowercased() == name }) { return match }
        }
        return nil
    }

    private func store(_ data: [UInt8], fileExtension: String, for album: Album) -> String? {
        let path = "\(folder)/\(album.id.rawValue).\(fileExtension)"
        do {
            try AtomicFile.replace(RawPath(path), with: data, mode: 0o644)
            return path
        } catch {
            return nil
        }
    }
}
