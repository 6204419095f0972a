import Foundation
import TestSupport
import Testing

/// A child's box through the binary (docs/PRODUCT.md §11): `serve --input` reads a knob and
/// buttons made with uinput, and `status --json` shows what they did. They need a writable
/// `/dev/uinput`: skipped on the build machine, run in the whole-machine guest.
@Suite(.enabled(if: UInputBox.isAvailable, "needs a writable /dev/uinput (modprobe uinput)"))
struct KnobAndButtonsTests {
    /// Two albums of two 40 s tracks, so nothing ends while a test looks.
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        for (artist, album) in [("Ann", "First"), ("Bob", "Second")] {
            for number in 1...2 {
                try library.add(
                    "\(artist)/\(album)/0\(number).flac", template: "long.flac",
                    tags: [
                        "TITLE": "\(album) \(number)", "ARTIST": artist, "ALBUM": album,
                        "TRACKNUMBER": "\(number)",
                    ])
            }
        }
        try library.playlist("Ann/First/01.flac\nBob/Second/01.flac\n")
        return library
    }

    private func place(_ cli: CLI) async throws -> (disc: Int, track: Int, volume: Int) {
        let status = try await cli.json(["status"])
        return (
            (status["disc"] as? [String: Any])?["position"] as? Int ?? -1,
            (status["track"] as? [String: Any])?["track"] as? Int ?? -1, status["volume"] as? Int ?? -1
        )
    }

    @Test func theKnobTurnsTheVolumeAStepADetentAndStopsAtTheLimit() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try cli.writeConfig("[player]\nvolume_limit = 60\nstart_volume = 40\n")
        let knob = try UInputBox(axes: ["REL_X"], name: "rotary@\(UUID().uuidString.prefix(8))")
        let serve = try await startServe(cli, library, extra: ["--idle", "--verbose", "--input", knob.node])
        try await serve.waitUntil("the knob to be read") {
            serve.stderr.contains("reading keys from \(knob.name)")
        }
        #expect(try await place(cli).volume == 40)

        knob.turn(1)
        #expect(await eventually { (try? await place(cli).volume) == 45 })
        knob.turn(-2)
        #expect(await eventually { (try? await place(cli).volume) == 35 })
        // A quick spin up: 10 detents, most in one report, each a step the limit clamps.
        knob.turn(6)
        for _ in 0..<4 { knob.turn(1) }
        #expect(await eventually { (try? await place(cli).volume) == 60 })
        try await Task.sleep(for: .milliseconds(500))
        #expect(try await place(cli).volume == 60)
        knob.turn(-1)
        #expect(await eventually { (try? await place(cli).volume) == 55 })
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func aLongPressOfNextChangesDiscWhileAShortOneChangesTrack() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try cli.writeConfig("[keys]\nKEY_NEXTSONG = \"next\"\n\n[keys.long]\nKEY_NEXTSONG = \"next-disc\"\n")
        let buttons = try UInputBox(
            keys: ["KEY_NEXTSONG", "KEY_PLAYPAUSE"], name: "gpio_keys \(UUID().uuidString.prefix(8))")
        let serve = try await startServe(
            cli, library, extra: ["--idle", "--verbose", "--input", buttons.node])
        try await serve.waitUntil("the buttons to be read") {
            serve.stderr.contains("reading keys from \(buttons.name)")
        }
        #expect(try await cli.json(["disc", "1"])["state"] as? String == "playing")

        buttons.key("KEY_NEXTSONG", 1)
        try await Task.sleep(for: .milliseconds(200))
        buttons.key("KEY_NEXTSONG", 0)
        #expect(await eventually { (try? await place(cli)).map { $0.disc == 1 && $0.track == 2 } == true })

        buttons.key("KEY_NEXTSONG", 1)
        // Acted while held, at the hold time: the disc changes before the release.
        #expect(await eventually { (try? await place(cli))?.disc == 2 })
        buttons.key("KEY_NEXTSONG", 0)
        try await Task.sleep(for: .milliseconds(500))
        let after = try await place(cli)
        #expect(after.disc == 2 && after.track == 1, "\(after)")
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }
}
