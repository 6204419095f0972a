import Foundation
import Glibc
import TestSupport
import Testing

/// One player, one volume: the level and mute set with one library are those of the next
/// player, whatever library it opens.
@Suite struct UserVolumeTests {
    @Test func theVolumeSetWithOneLibraryIsTheNextLibrarysToo() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let first = try TestLibrary()
        try first.addAlbum("Ann/First", artist: "Ann", album: "First")
        try first.playlist("Ann/\n")
        let other = try TestLibrary()
        try other.addAlbum("Kay/Other", artist: "Kay", album: "Other")
        try other.playlist("Kay/\n")

        let before = try await startServe(cli, first)
        #expect(try await cli.json(["volume", "20"])["volume"] as? Int == 20)
        #expect(try await cli.json(["volume", "mute"])["muted"] as? Bool == true)
        before.signal(SIGTERM)
        #expect(try await before.wait() == 0)
        let saved = try String(contentsOfFile: cli.home + "/state/cdwally/volume.json", encoding: .utf8)
        #expect(saved.contains("\"volume\":20") && saved.contains("\"muted\":true"), "\(saved)")

        let after = try await startServe(cli, other)
        let status = try await cli.json(["status"])
        #expect(status["volume"] as? Int == 20 && status["muted"] as? Bool == true, "\(status)")
        after.signal(SIGTERM)
        #expect(try await after.wait() == 0)
    }
}
