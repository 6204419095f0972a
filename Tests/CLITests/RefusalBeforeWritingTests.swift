import Foundation
import TestSupport
import Testing

/// A refused command writes nothing (docs/PRODUCT.md §11): `play WORDS` beside a running
/// player that cannot take it is refused before the album goes into the playlist.
@Suite(.serialized) struct RefusalBeforeWritingTests {
    @Test func aHandOverThatCannotHappenLeavesThePlaylistAsItWas() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Abba/Arrival", artist: "Abba", album: "Arrival")
        try library.addAlbum("Phish/Junta", artist: "Phish", album: "Junta")
        let original = "Abba/Arrival/01 Arrival 1.flac\n"
        try library.playlist(original)
        let serve = try await startServe(cli, library)

        let refused = try await cli.run(["play", "--mpv", "ao=pcm", "phi", "--library", library.root])
        #expect(refused.status == 4, "\(refused.stderr)")
        #expect(refused.stderr.contains("--mpv ao=pcm (it plays with ao=null)"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("added"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8) == original)

        // The same words it can take are added and handed over.
        let handed = try await cli.run(["play", "phi", "--library", library.root, "--mpv", "ao=null"])
        #expect(handed.status == 0, "\(handed.stderr)")
        #expect(try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8) != original)
        serve.signal(SIGTERM)
        _ = try await serve.wait()
    }
}
