import Foundation
import TestSupport
import Testing

/// Only what was heard counts (docs/PRODUCT.md §10): a start that fails before a sample reaches
/// the output (the guide's try of `--audio-device`) leaves the resume file and the listening
/// log as they were, so the boot-time service does not "carry on" with a disc that never played.
@Suite struct FailedStartTests {
    @Test func anOutputThatCannotOpenLeavesTheStateFolderAsItWas() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        for (artist, album) in [("Ann", "First"), ("Bob", "Second")] {
            try library.add(
                "\(artist)/\(album)/01.flac", template: "long.flac",
                tags: ["TITLE": album, "ARTIST": artist, "ALBUM": album, "TRACKNUMBER": "1"])
        }
        try library.playlist("Ann/First/01.flac\nBob/Second/01.flac\n")

        // An earlier run: disc 1 was playing when the player was stopped by a shutdown.
        let serve = try await startServe(cli, library)
        #expect(try await cli.json(["disc", "1"])["state"] as? String == "playing")
        // Heard: mpv's place moves on (only then is the disc saved as playing).
        try await serve.waitUntil("disc 1 to be heard") {
            try await cli.json(["status"])["elapsed"] as? Double ?? 0 > 0
        }
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
        let folder = try libraryStateFolder(under: cli.home + "/state/cdwally")
        let resume = try Data(contentsOf: URL(fileURLWithPath: folder + "/resume.json"))
        #expect(String(decoding: resume, as: UTF8.self).contains("\"playing\""))
        let before = try StateFolderSnapshot(folder)

        let failed = try await cli.run([
            "play", "2", "--library", library.root, "--audio-device", "alsa/no-such-card",
        ])
        #expect(failed.status == 69, "\(failed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/resume.json")) == resume)
        #expect(!FileManager.default.fileExists(atPath: folder + "/listens.json"))
        let after = try StateFolderSnapshot(folder)
        #expect(after == before, "before: \(before); after: \(after)")

        // And the next start still carries on with disc 1, as the shutdown left it.
        let next = try await startServe(cli, library)
        try await next.waitUntil("disc 1 to play on") {
            let status = try await cli.json(["status"])
            return (status["disc"] as? [String: Any])?["position"] as? Int == 1
        }
        next.signal(SIGTERM)
        #expect(try await next.wait() == 0)
    }
}
