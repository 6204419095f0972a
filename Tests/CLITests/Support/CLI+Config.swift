import Foundation
import TestSupport

extension CLI {
    /// Writes `text` as this user's config.toml, where `cdwally` looks for it.
    func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(
            atPath: home + "/config/cdwally", withIntermediateDirectories: true)
        try text.write(toFile: home + "/config/cdwally/config.toml", atomically: true, encoding: .utf8)
    }
}

extension TestLibrary {
    /// The card tests' library: Ann's "One" and Bob's "Two", two 40 s tracks each, and a CDs
    /// playlist of `playlist` (card lines and all).
    static func twoCardAlbums(playlist: String) throws -> TestLibrary {
        let library = try TestLibrary()
        try library.addAlbum("Ann/One", artist: "Ann", album: "One", template: "long.flac")
        try library.addAlbum("Bob/Two", artist: "Bob", album: "Two", template: "long.flac")
        try library.playlist(playlist)
        return library
    }
}
