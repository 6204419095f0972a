import Foundation
import TestSupport
import Testing

/// The issue's own reproduction, through the binary: `serve`, `disc 1`, a volume change every
/// 3 s, and a power cut (SIGKILL). The volume's save once restarted the 5 s clock of the
/// place's save without recording the place, so the place stayed at 0:00 for as long as the
/// knob kept turning.
@Suite struct VolumeSaveClockTests {
    @Test func aPowerCutWhileTheVolumeKeepsChangingLosesAtMostTheSaveInterval() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.add(
            "Ann/One/01.flac", template: "long.flac",
            tags: ["TITLE": "One", "ARTIST": "Ann", "ALBUM": "One", "TRACKNUMBER": "1"])
        try library.playlist("Ann/One/\n")
        let serve = try await startServe(cli, library)
        #expect(try await cli.json(["disc", "1"])["state"] as? String == "playing")
        for level in ["70", "90"] {
            try await Task.sleep(for: .seconds(3))
            #expect(try await cli.run(["volume", level]).status == 0)
        }
        try await Task.sleep(for: .seconds(2.5))
        let heard = try #require(try await cli.json(["status"])["elapsed"] as? Double)
        serve.signal(SIGKILL)
        _ = try await serve.wait()

        let again = try await startServe(cli, library)
        try await again.waitUntil("disc 1 to play again") {
            try await cli.json(["status"])["state"] as? String == "playing"
        }
        let resumed = try #require(try await cli.json(["status"])["elapsed"] as? Double)
        #expect(resumed >= heard - 5.5, "heard \(heard) s, resumed at \(resumed) s")
        again.signal(SIGTERM)
        #expect(try await again.wait() == 0)
    }
}
