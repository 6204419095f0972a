import CDWallyCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `add` through the built binary with tags and folder names M3U cannot carry as they are
/// (docs/PRODUCT.md §11): each ends with the album in the wallet, every other line byte for
/// byte as it was, and the printed undo taking out exactly what was added.
@Suite struct PlaylistLineTests {
    private func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Adds the album `words` find to the playlist (`CDs.m3u8` at the root unless given),
    /// which holds `original`; expects `added` appended and the wallet to hold `albums` after,
    /// then runs the printed undo and expects `original` back.
    private func addAndUndo(
        _ cli: CLI, _ library: TestLibrary, _ words: [String], original: [UInt8], added: [UInt8],
        albums: [String], playlist: String? = nil
    ) async throws {
        let path = playlist ?? library.root + "/CDs.m3u8"
        try Data(original).write(to: URL(fileURLWithPath: path))
        let options = ["--library", library.root] + (playlist.map { ["--playlist", $0] } ?? [])
        let result = try await cli.run(["add"] + words + options)
        #expect(result.status == 0, "\(words): \(result.stderr)")
        #expect(result.stdout.contains("Added "), "\(result.stdout)")
        let after = try bytes(path)
        #expect(
            after == original + added,
            "\(String(decoding: after, as: UTF8.self).debugDescription)")
        let discs = try await cli.json(["discs", "--capacity", "0"] + options)
        #expect(discs["total"] as? Int == albums.count, "\(discs)")
        let titles = (discs["discs"] as? [[String: Any]] ?? []).compactMap { $0["album"] as? String }
        #expect(titles.sorted() == albums.sorted())
        let undo = try #require(result.stdout.split(separator: "\n").last { $0.hasPrefix("Undo: ") })
        let undone = try await cli.run(
            undo.dropFirst("Undo: cdwally ".count).split(separator: " ").map(String.init) + options)
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(try bytes(path) == original)
    }

    @Test func aLineFeedInATagNeverWritesALine() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum(
            "Song", artist: "Band", album: "Singles", tracks: 1, extraTags: ["TITLE": "Song\nZ/Zed/01.flac"])
        // The `.` line would be the playlist's own folder: the whole library.
        try library.add(
            "Track/01 Tracks 1.flac",
            tags: ["TITLE": "Track one\n.", "ARTIST": "Group", "ALBUM": "Tracks", "TRACKNUMBER": "1"],
            tagger: .metaflac)
        try library.add("Z/Zed/01.flac", tags: ["TITLE": "Zed", "ARTIST": "Zed", "ALBUM": "Zed"])
        let original = Array("#EXTM3U\n".utf8)
        try await addAndUndo(
            cli, library, ["singles"], original: original,
            added: Array("#EXTINF:1,Band - Song Z/Zed/01.flac\nSong/01 Singles 1.flac\n".utf8),
            albums: ["Singles"])
        try await addAndUndo(
            cli, library, ["tracks"], original: original,
            added: Array("#EXTINF:1,Group - Track one .\nTrack/01 Tracks 1.flac\n".utf8), albums: ["Tracks"])
    }

    @Test func aNameThatWouldMisreadGetsADotSlash() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("#1 Hits", artist: "Various", album: "Number Ones", tracks: 1)
        try library.addAlbum("  Spaced", artist: "Spacey", album: "Room", tracks: 1)
        try library.addAlbum("Live: 1999", artist: "Prince", album: "Live", tracks: 1)
        try library.addAlbum("Kept", artist: "Kept", album: "Kept", tracks: 1)
        let original = Array("#EXTM3U\r\n# mine\r\nKept/01 Kept 1.flac\r\n".utf8)
        try await addAndUndo(
            cli, library, ["number", "ones"], original: original,
            added: Array("./#1 Hits/01 Number Ones 1.flac\r\n".utf8), albums: ["Kept", "Number Ones"])
        try await addAndUndo(
            cli, library, ["room"], original: original, added: Array("./  Spaced/01 Room 1.flac\r\n".utf8),
            albums: ["Kept", "Room"])
        try await addAndUndo(
            cli, library, ["prince", "live"], original: original,
            added: Array("./Live: 1999/01 Live 1.flac\r\n".utf8), albums: ["Kept", "Live"])
    }

    @Test func aNameNoPlainLineCanCarryIsAFileURI() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Line\nFeed", artist: "Feeder", album: "Feed", tracks: 1)
        try library.addAlbum("Cafe", artist: "Garçon", album: "Café", tracks: 1)
        // A Latin-1 folder name: "Café" with é as the one byte 0xE9.
        let latin1 = RawPath(bytes: Array((library.root + "/Caf").utf8) + [0xE9])
        let renamed = RawPath(library.root + "/Cafe").withCString { old in
            latin1.withCString { new in rename(old, new) }
        }
        #expect(renamed == 0)
        let original = Array("#EXTM3U\n#EXTINF:1,x - y\nGone/01.flac\n".utf8)
        try await addAndUndo(
            cli, library, ["feeder"], original: original,
            added: Array(
                "#EXTINF:1,Feeder - Feed 1\n\(RawPath(library.root + "/Line\nFeed/01 Feed 1.flac").fileURL)\n"
                    .utf8),
            albums: ["Feed"])
        let uri = latin1.appending("01 Café 1.flac").fileURL
        #expect(uri.hasSuffix("/Caf%E9/01%20Caf%C3%A9%201.flac"))
        try await addAndUndo(
            cli, library, ["garcon"], original: original,
            added: Array("#EXTINF:1,Garçon - Café 1\n\(uri)\n".utf8), albums: ["Café"])
    }

    @Test func aPlaylistInASubfolderGetsLinesRelativeToItsFolder() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Prince/1999", artist: "Prince", album: "1999", tracks: 1)
        try library.addAlbum("Björk/Post", artist: "Björk", album: "Post", tracks: 1)
        try FileManager.default.createDirectory(
            atPath: library.root + "/Playlists", withIntermediateDirectories: true)
        let original = Array("#EXTM3U\n../Prince/1999/01 1999 1.flac\n".utf8)
        try await addAndUndo(
            cli, library, ["post"], original: original,
            added: Array("../Björk/Post/01 Post 1.flac\n".utf8),
            albums: ["1999", "Post"], playlist: library.root + "/Playlists/CDs.m3u8")
    }
}
