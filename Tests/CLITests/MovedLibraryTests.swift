import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// A library moved or mounted elsewhere keeps its resume points and listens: they belong to
/// the albums, not to the path where the library is mounted (docs/PRODUCT.md §11).
@Suite struct MovedLibraryTests {
    private let playback = PlaybackCommandTests()

    /// Disc 2 (80 s of silence) left a few seconds in, and a listen of it kept where the player
    /// keeps them: one resume point and one listen. Returns the saved position.
    private func playSome(_ cli: CLI, _ library: TestLibrary) async throws -> Double {
        let player = try RunningCommand(cli, ["play", "2", "--library", library.root, "--mpv", "ao=null"])
        try await player.waitForOutput("Track 1/2")
        try await Task.sleep(for: .seconds(3))
        player.signal(SIGTERM)
        #expect(try await player.wait() == 0)
        let id = try #require(
            (try await cli.json(["discs", "--library", library.root])["discs"] as? [[String: Any]])?[1]["id"]
                as? String)
        let log = ListeningLog(directory: RawPath(try libraryStateFolder(under: cli.home + "/state/cdwally")))
        log.end(
            Listen(
                disc: AlbumID(rawValue: id), artist: "Quiet", title: "Long",
                start: Date(timeIntervalSinceNow: -600),
                seconds: 300, finished: false)
        ) { Issue.record("\($0)") }
        log.flush()
        let saved = try #require(try await resume(cli, root: library.root, disc: 2))
        let position = try #require(saved["position"] as? Double)
        #expect(position > 1.5 && position < 15)
        #expect(try await listens(cli, root: library.root) == 1)
        return position
    }

    private func resume(_ cli: CLI, root: String, disc: Int) async throws -> [String: Any]? {
        let discs = try await cli.json(["discs", "--library", root])["discs"] as? [[String: Any]]
        return discs?[disc - 1]["resume"] as? [String: Any]
    }

    private func listens(_ cli: CLI, root: String) async throws -> Int? {
        (try await cli.json(["stats", "--library", root])["allTime"] as? [String: Any])?["listens"] as? Int
    }

    @Test func aLibraryMovedToAnotherPathKeepsItsPlacesAndListens() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try playback.makeLibrary()
        let position = try await playSome(cli, library)

        // The disk's new mount point: the same files under another path.
        let moved = library.root + "-moved"
        try FileManager.default.moveItem(atPath: library.root, toPath: moved)
        defer { try? FileManager.default.moveItem(atPath: moved, toPath: library.root) }
        let saved = try #require(try await resume(cli, root: moved, disc: 2))
        #expect(saved["track"] as? Int == 1)
        #expect(abs((saved["position"] as? Double ?? -1) - position) < 0.01)
        #expect(try await listens(cli, root: moved) == 1)

        // `serve` of the moved library plays disc 2 on from that place.
        let serve = try RunningCommand(cli, ["serve", "--library", moved, "--mpv", "ao=null", "--idle"])
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
        #expect(try await cli.json(["disc", "2"])["state"] as? String == "playing")
        let status = try await cli.json(["status"])
        #expect((status["track"] as? [String: Any])?["index"] as? Int == 1)
        #expect((status["elapsed"] as? Double ?? 0) >= position - 0.5)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test(.enabled(if: SmallDisk.isAvailable, "mounting takes root"))
    func aLibraryMountedElsewhereKeepsItsPlacesAndListens() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try playback.makeLibrary()
        let position = try await playSome(cli, library)

        let mountPoint = cli.home + "/media/usb-disk"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let mount = BindMount(library.root, on: mountPoint)
        try mount.mount()
        defer { mount.unmount() }
        let saved = try #require(try await resume(cli, root: mountPoint, disc: 2))
        #expect(abs((saved["position"] as? Double ?? -1) - position) < 0.01)
        #expect(try await listens(cli, root: mountPoint) == 1)
    }
}
