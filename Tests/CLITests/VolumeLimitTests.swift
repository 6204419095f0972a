import Foundation
import TestSupport
import Testing

/// A volume a child cannot blast (docs/PRODUCT.md §11), through the binary: `volume_limit`,
/// `volume_min` and `start_volume` under `[player]`, from the command line, the web and MPRIS
/// (keys and the knob reach the same engine rule, `VolumeBoundsTests`).
@Suite struct VolumeLimitTests {
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        try library.add(
            "Ann/One/01.flac", template: "long.flac",
            tags: ["TITLE": "One", "ARTIST": "Ann", "ALBUM": "One", "TRACKNUMBER": "1"])
        try library.playlist("Ann/One/\n")
        return library
    }

    private func configure(_ cli: CLI, _ player: String) throws {
        try cli.writeConfig("[player]\n\(player)")
    }

    @Test func everyDoorIsSetToTheLimitOrTheFloorAndToldSo() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try configure(cli, "volume_limit = 60\nvolume_min = 10\n")
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let (busCLI, playerctl) = cli.onBus(bus)
        let token = try await WebCall.token(busCLI)
        let port = Int.random(in: 20_000..<40_000)
        let serve = try await startServe(busCLI, library, extra: ["--idle", "--web", "\(port)"])
        try await serve.waitUntil("the web remote to listen") { serve.stderr.contains("web remote at") }

        let loud = try await busCLI.run(["volume", "90"])
        #expect(
            loud.status == 0 && loud.stdout == "Volume 60 (the limit: volume_limit in [player])\n", "\(loud)")
        #expect(try await busCLI.json(["volume", "+10"])["volume"] as? Int == 60)
        let soft = try await busCLI.run(["volume", "0"])
        #expect(
            soft.status == 0 && soft.stdout == "Volume 10 (the floor: volume_min in [player])\n", "\(soft)")
        #expect(try await busCLI.json(["volume", "-30"])["volume"] as? Int == 10)
        // Beyond volume_max it is a typo, refused as ever.
        let typo = try await busCLI.run(["volume", "1000"])
        #expect(typo.status == 64 && typo.stderr.hasPrefix("cdwally: there is no volume 1000"), "\(typo)")

        // The web is told the level it got, and sees where its slider ends.
        let web = try WebCall.send(
            "POST", "/api/v1/commands", body: #"{"command":"volume","change":95}"#, port: port, token: token)
        let answer = try JSONSerialization.jsonObject(with: Data(web.body.utf8)) as? [String: Any]
        #expect(web.status == 200 && answer?["volume"] as? Int == 60, "\(web.body)")
        #expect(answer?["volumeLimit"] as? Int == 60 && answer?["volumeMin"] as? Int == 10)

        // MPRIS: Volume 1.0 sets 0.6, which Volume then reads.
        _ = try await busCLI.json(["volume", "30"])
        _ = try await playerctl("volume", "1.0")
        #expect(await eventually { (try? await busCLI.json(["status"])["volume"] as? Int) == 60 })
        #expect(Double(try await playerctl("volume")) == 0.6)

        let status = try await busCLI.json(["status"])
        #expect(status["volumeLimit"] as? Int == 60 && status["volumeMin"] as? Int == 10, "\(status)")
        let doctor = try await busCLI.json(["doctor", "--library", library.root])
        let volume = (doctor["health"] as? [String: Any])?["volume"] as? [String: Any]
        #expect(
            volume?["limit"] as? Int == 60 && volume?["min"] as? Int == 10 && volume?["max"] as? Int == 100)
        let text = try await busCLI.run(["doctor", "--library", library.root])
        #expect(
            text.stdout.contains("10 to 60 (volume_max 100); starts at the level it was left at"),
            "\(text.stdout)")
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func serveStartsAtStartVolumeUnmutedAndASavedLevelAboveANewLimitAtTheLimit() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        var serve = try await startServe(cli, library, extra: ["--idle"])
        _ = try await cli.json(["volume", "90"])
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)

        // A limit set since: the saved 90 starts at 50.
        try configure(cli, "volume_limit = 50\n")
        serve = try await startServe(cli, library, extra: ["--idle"])
        #expect(try await cli.json(["status"])["volume"] as? Int == 50)
        _ = try await cli.json(["volume", "mute"])
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)

        // start_volume: that level, unmuted, whatever was left.
        try configure(cli, "volume_limit = 50\nstart_volume = 20\n")
        serve = try await startServe(cli, library, extra: ["--idle"])
        let started = try await cli.json(["status"])
        #expect(started["volume"] as? Int == 20 && started["muted"] as? Bool == false, "\(started)")
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)

        // Outside volume_min…volume_limit: a configuration error, before anything starts.
        try configure(cli, "volume_limit = 50\nstart_volume = 70\n")
        let refused = try await cli.run(["serve", "--library", library.root, "--mpv", "ao=null"])
        #expect(refused.status == 78, "\(refused)")
        #expect(
            refused.stderr.hasPrefix("cdwally: ")
                && refused.stderr.contains(
                    "player.start_volume: must be a whole number from 0 to volume_limit (50)"),
            "\(refused.stderr)")
    }
}
