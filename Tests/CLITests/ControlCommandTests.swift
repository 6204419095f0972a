import Foundation
import TestSupport
import Testing

/// Control from outside: a real `cdwally serve` driven only by other cdwally
/// processes over the control socket, and by the real playerctl over a private D-Bus.
@Suite struct ControlCommandTests {
    /// Three albums of silence, 40 s a track, so nothing ends while a test looks.
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        for (artist, album) in [("Ann", "First"), ("Bob", "Second"), ("Cy", "Third")] {
            for number in 1...3 {
                try library.add(
                    "\(artist)/\(album)/0\(number).flac", template: "long.flac",
                    tags: [
                        "TITLE": "\(album) \(number)", "ARTIST": artist, "ALBUM": album,
                        "TRACKNUMBER": "\(number)",
                    ])
            }
        }
        try library.playlist("Ann/\nBob/\nCy/\n")
        return library
    }

    private func status(_ cli: CLI) async throws -> [String: Any] {
        try await cli.json(["status"])
    }

    @Test func everyCommandReachesTheRunningPlayer() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library)

        let idle = try await status(cli)
        #expect(idle["state"] as? String == "idle")
        #expect(idle["disc"] is NSNull)
        #expect(idle["track"] is NSNull)
        #expect(idle["trackCount"] as? Int == 0)

        let playing = try await cli.json(["disc", "2"])
        #expect(playing["state"] as? String == "playing")
        let disc = try #require(playing["disc"] as? [String: Any])
        #expect(Set(disc.keys) == ["position", "id", "albumArtist", "album", "year", "trackCount"])
        #expect(disc["position"] as? Int == 2)
        #expect(disc["album"] as? String == "Second")
        let track = try #require(playing["track"] as? [String: Any])
        #expect(Set(track.keys) == ["index", "disc", "track", "title", "artist", "path", "duration"])
        #expect(track["title"] as? String == "Second 1")
        #expect(playing["trackCount"] as? Int == 3)
        #expect(
            Set(playing.keys) == PlayerStatusShape.socket)
        let setup = try #require(playing["player"] as? [String: Any])
        #expect(
            Set(setup.keys) == [
                "pid", "library", "playlist", "capacity", "config", "audioDevice", "mpv", "then", "repeat",
                "replaygain", "web",
            ])
        #expect(setup["pid"] as? Int == Int(serve.process.processIdentifier))

        #expect((try await cli.json(["next"])["track"] as? [String: Any])?["index"] as? Int == 2)
        #expect((try await cli.json(["seek", "+20"])["elapsed"] as? Double ?? 0) >= 19)
        #expect((try await cli.json(["seek", "-5"])["elapsed"] as? Double ?? 0) < 19)
        #expect((try await cli.json(["seek", "0:30"])["elapsed"] as? Double ?? 0) >= 29)
        // Past the first 3 seconds, prev restarts the track.
        let restarted = try await cli.json(["prev"])
        #expect((restarted["track"] as? [String: Any])?["index"] as? Int == 2)
        #expect((restarted["elapsed"] as? Double ?? 99) < 3)
        // Within them, it goes to the previous track.
        #expect((try await cli.json(["prev"])["track"] as? [String: Any])?["index"] as? Int == 1)
        #expect(try await cli.json(["pause"])["state"] as? String == "paused")
        #expect(try await cli.json(["toggle"])["state"] as? String == "playing")
        #expect(try await cli.json(["toggle"])["state"] as? String == "paused")
        #expect(try await cli.json(["resume"])["state"] as? String == "playing")
        #expect((try await cli.json(["disc", "next"])["disc"] as? [String: Any])?["position"] as? Int == 3)
        #expect((try await cli.json(["disc", "prev"])["disc"] as? [String: Any])?["position"] as? Int == 2)
        let random = try await cli.json(["disc", "random"])
        #expect([1, 3].contains((random["disc"] as? [String: Any])?["position"] as? Int ?? 0))
        #expect(try await cli.json(["stop"])["state"] as? String == "stopped")

        let human = try await cli.run(["disc", "1"])
        #expect(human.status == 0)
        #expect(human.stdout.hasPrefix("▶ Playing  Disc 1  Track 1/3"))
        #expect(human.stdout.contains("Ann — First — First 1"))

        let third = try await cli.json(["track", "3"])
        #expect((third["track"] as? [String: Any])?["index"] as? Int == 3)
        #expect(try await cli.run(["track", "2"]).stdout.contains("Track 2/3"))
        let noTrack = try await cli.run(["track", "4"])
        #expect(noTrack.status == 64)
        #expect(noTrack.stderr == "cdwally: there is no track 4 on 'First': it has 3 tracks (1–3)\n")
        for bad in [["0"], ["-1"], ["two"], ["1", "2"], []] {
            let refused = try await cli.run(["track"] + bad)
            #expect(refused.status == 64, "track \(bad)")
            #expect(refused.stderr.contains("track takes one track number"), "\(refused.stderr)")
        }

        let outOfRange = try await cli.run(["disc", "9"])
        #expect(outOfRange.status == 64)
        #expect(outOfRange.stderr == "cdwally: there is no disc 9: the wallet holds 3 discs (1–3)\n")
        #expect(try await cli.run(["seek", "soon"]).status == 64)
        #expect(try await cli.run(["seek", "99999999"]).status == 64)

        #expect(try await cli.run(["quit"]).status == 0)
        #expect(try await serve.wait() == 0)
        let gone = try await cli.run(["status"])
        #expect(gone.status == 3)
        #expect(gone.stderr.contains("cdwally play"))
        #expect(gone.stderr.split(separator: "\n").count == 1)
    }

    /// A media-key binding runs `cdwally toggle`; a config file broken after the player
    /// started must not silence it (control commands read no config).
    @Test func controlCommandsNeedNoConfigFile() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library)
        try FileManager.default.createDirectory(
            atPath: cli.home + "/config/cdwally", withIntermediateDirectories: true)
        try "capacity = = 3\n[keys\nKEY_A = \"\nlibrary = [1, \n".write(
            toFile: cli.home + "/config/cdwally/config.toml", atomically: true, encoding: .utf8)
        #expect(try await cli.run(["discs", "--library", library.root]).status == 78)

        let toggled = try await cli.run(["toggle", "--json"])
        #expect(toggled.status == 0, "\(toggled.stderr)")
        #expect(try await status(cli)["state"] as? String == "playing")
        #expect(try await cli.run(["quit"]).status == 0)
        #expect(try await serve.wait() == 0)
    }

    @Test func onePlayerPerUserAndPlayNHandsOver() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library)
        let second = try await cli.run(["serve", "--library", library.root, "--mpv", "ao=null"])
        #expect(second.status == 75)
        #expect(second.stderr.contains("already running (pid \(serve.process.processIdentifier)"))
        let plain = try await cli.run(["play", "--library", library.root, "--mpv", "ao=null"])
        #expect(plain.status == 75)
        let handed = try await cli.run(["play", "3", "--library", library.root, "--mpv", "ao=null"])
        #expect(handed.status == 0)
        #expect(handed.stdout.contains("Disc 3"))
        #expect((try await status(cli)["disc"] as? [String: Any])?["album"] as? String == "Third")
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    /// `play WORDS` with a player running adds the album and hands it over by its id: the
    /// running player finds the disc itself once its watcher brings the new wallet, so the
    /// command need not wait for that first.
    @Test func playWordsHandsTheAlbumOverByItsID() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist("Ann/\nBob/\n")
        let serve = try await startServe(cli, library)
        let handed = try await cli.run(["play", "cy", "third", "--library", library.root, "--mpv", "ao=null"])
        #expect(handed.status == 0, "\(handed.stderr)")
        #expect(handed.stdout.contains("Third"), "\(handed.stdout)")
        let playing = try await status(cli)
        #expect((playing["disc"] as? [String: Any])?["album"] as? String == "Third")
        #expect(playing["state"] as? String == "playing")
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func theSocketIsPrivateAndAStaleOneIsReplaced() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let first = try await startServe(cli, library)
        let socket = cli.home + "/run/cdwally/control.sock"
        let socketMode = try #require(
            try FileManager.default.attributesOfItem(atPath: socket)[.posixPermissions] as? Int)
        let folderMode = try #require(
            try FileManager.default.attributesOfItem(atPath: cli.home + "/run/cdwally")[.posixPermissions]
                as? Int)
        #expect(socketMode & 0o777 == 0o600)
        #expect(folderMode & 0o777 == 0o700)
        // A player killed outright leaves its socket behind.
        first.signal(SIGKILL)
        _ = try await first.wait()
        #expect(FileManager.default.fileExists(atPath: socket))
        let dead = try await cli.run(["status"])
        #expect(dead.status == 3, "\(dead.stdout) \(dead.stderr)")
        let second = try await startServe(cli, library)
        #expect(try await cli.run(["status"]).status == 0)
        second.signal(SIGTERM)
        #expect(try await second.wait() == 0)
    }

    @Test func anotherUserCannotControlThePlayer() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        guard getuid() == 0 else {
            // As an ordinary user there is no second user to become; the Remote tests cover
            // the SO_PEERCRED check through setpriv where the machine allows it.
            return
        }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library)
        // `nobody`, pointed at our socket, with a home it can write.
        _ = try Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["755", cli.home]).waitUntilExit()
        let stranger = try await cli.run(
            ["status"],
            wrapper: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"],
            extraEnvironment: ["HOME": "/tmp", "XDG_CACHE_HOME": "/tmp", "XDG_STATE_HOME": "/tmp"])
        #expect(stranger.status != 0)
        #expect(stranger.stderr.contains("permission") || stranger.stderr.contains("refusing"))
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func serveStopsCleanlyOnSIGTERMWithPositionsSaved() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library, extra: ["--verbose"])
        _ = try await cli.json(["disc", "2"])
        _ = try await cli.json(["seek", "12"])
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
        #expect(serve.stderr.contains("SIGTERM: saving positions and stopping"))
        // No session bus here: said once, with --verbose, and nothing else is the worse for it.
        #expect(serve.stderr.components(separatedBy: "MPRIS: not available").count == 2)
        let discs = try #require(
            try await cli.json(["discs", "--library", library.root])["discs"] as? [[String: Any]])
        let resume = try #require(discs[1]["resume"] as? [String: Any])
        #expect(resume["track"] as? Int == 1)
        // A seek to 12 s reads back at the nearest sample, which may be a hair short of it.
        #expect((resume["position"] as? Double ?? 0) >= 11.9)
    }

    @Test func playerctlDrivesThePlayerOverMPRIS() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let (busCLI, playerctl) = cli.onBus(bus)
        let serve = try await startServe(busCLI, library)
        #expect(await eventually { (try? await playerctl("status")) == "Stopped" })

        // play-pause on a stopped player starts the disc played last (here: disc 1).
        _ = try await playerctl("play-pause")
        #expect(await eventually { (try? await playerctl("status")) == "Playing" })
        _ = try await playerctl("next")
        #expect(
            await eventually {
                (try? await self.status(busCLI)["track"] as? [String: Any])?["index"] as? Int == 2
            })
        _ = try await playerctl("position", "20")
        #expect(await eventually { (try? await self.status(busCLI)["elapsed"] as? Double ?? 0) ?? 0 >= 19 })
        _ = try await playerctl("previous")  // past 3 s: restarts the track
        #expect(await eventually { (try? await self.status(busCLI)["elapsed"] as? Double ?? 99) ?? 99 < 3 })
        _ = try await playerctl("play-pause")
        #expect(await eventually { (try? await playerctl("status")) == "Paused" })

        // What playerctl reads is what `cdwally status --json` says.
        let status = try await self.status(busCLI)
        let track = try #require(status["track"] as? [String: Any])
        let disc = try #require(status["disc"] as? [String: Any])
        let metadata = try await playerctl(
            "metadata", "--format",
            "{{xesam:title}}|{{xesam:artist}}|{{xesam:album}}|{{xesam:albumArtist}}|{{xesam:trackNumber}}|"
                + "{{xesam:discNumber}}|{{mpris:length}}|{{xesam:url}}")
        let fields = metadata.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        #expect(fields[0] == track["title"] as? String)
        #expect(fields[1] == track["artist"] as? String)
        #expect(fields[2] == disc["album"] as? String)
        #expect(fields[3] == disc["albumArtist"] as? String)
        #expect(fields[4] == String(track["track"] as? Int ?? -1))
        #expect(fields[5] == String(track["disc"] as? Int ?? -1))
        let length = (Double(fields[6]) ?? 0) / 1_000_000
        #expect(abs(length - (track["duration"] as? Double ?? 0)) < 0.1)
        #expect(fields[7].hasPrefix("file://") && fields[7].hasSuffix("02.flac"))
        let position = Double(try await playerctl("position")) ?? -1
        #expect(abs(position - (status["elapsed"] as? Double ?? 0)) < 1)

        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    /// Relative seeks add up whoever sends them: the engine turns each into a place from where
    /// the last one went, not from a snapshot. A volume set over MPRIS while muted unmutes and
    /// reads back, as a desktop slider expects.
    @Test func mprisSeeksSentAtOnceAddUpAndAVolumeUnmutes() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let (busCLI, playerctl) = cli.onBus(bus)
        let serve = try await startServe(busCLI, library)
        #expect(await eventually { (try? await playerctl("status")) == "Stopped" })
        _ = try await busCLI.json(["disc", "1"])
        _ = try await busCLI.json(["pause"])
        let before = try await status(busCLI)["elapsed"] as? Double ?? -1
        // Both started before either is waited for: two Seek calls on the bus at once.
        let seeks = try (1...2).map { _ in
            try ExternalTool(
                "playerctl", ["-p", "cdwally", "position", "5+"], environment: bus.environment,
                directory: bus.directory)
        }
        for seek in seeks {
            try await seek.waitForExit(timeout: .seconds(30))
            #expect(seek.result.status == 0, "\(seek.stderr)")
        }
        func position() async -> Double { (try? await self.status(busCLI)["elapsed"] as? Double) ?? -1 }
        #expect(await eventually { abs(await position() - (before + 10)) < 0.5 }, "from \(before)")
        let sender = busCLI
        async let back = sender.run(["seek", "-3"])
        async let backAgain = sender.run(["seek", "-3"])
        #expect(try await [back, backAgain].allSatisfy { $0.status == 0 })
        #expect(await eventually { abs(await position() - (before + 4)) < 0.5 }, "from \(before)")

        _ = try await busCLI.json(["volume", "mute"])
        _ = try await playerctl("volume", "0.8")
        #expect(await eventually { (try? await playerctl("volume")) == "0.800000" })
        let volume = try await status(busCLI)
        #expect(volume["volume"] as? Int == 80)
        #expect(volume["muted"] as? Bool == false)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func mprisShowsTheAlbumCoverFromTheTags() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        // tagged.flac carries a front cover (a PNG); retagging keeps it.
        try library.addAlbum("Covered", artist: "Art", album: "Covered")
        try library.playlist("Covered/\n")
        let bus = try await PrivateBus()
        defer { bus.stop() }
        var busCLI = cli
        busCLI.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        // Round and round: the disc's two 1-second tracks would end, and MPRIS shows no
        // metadata when stopped, before a first playerctl under emulation has answered.
        let serve = try await startServe(busCLI, library, extra: ["--then", "next", "--repeat"])
        _ = try await busCLI.json(["disc", "1"])
        var art = ""
        let shown = await eventually {
            let result = try? await ExternalTool.run(
                "playerctl", ["-p", "cdwally", "metadata", "mpris:artUrl"], bus: bus)
            art = result?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return art.hasPrefix("file://")
        }
        if !shown {
            // What MPRIS did show, and what the player was doing, say where the cover got lost.
            let metadata = try? await ExternalTool.run("playerctl", ["-p", "cdwally", "metadata"], bus: bus)
            let status = try? await busCLI.run(["status"])
            Issue.record(
                "no cover; metadata: \(metadata?.stdout ?? "none"); status: \(status?.stdout ?? "none")")
        }
        let file = String(art.dropFirst("file://".count))
        #expect(file.hasPrefix(cli.home + "/cache/cdwally/covers/"))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func aServiceWithoutARuntimeDirectoryIsFoundFromAShellWithOne() async throws {
        // A system service has no XDG_RUNTIME_DIR and listens in /tmp/cdwally-<uid>; an SSH
        // shell of the same user has one, and still reaches it.
        var service = try CLI()
        defer { service.remove() }
        service.environment["XDG_RUNTIME_DIR"] = nil
        let library = try makeLibrary()
        let serve = try RunningCommand(service, ["serve", "--library", library.root, "--mpv", "ao=null"])
        var sshShell = service
        sshShell.environment["XDG_RUNTIME_DIR"] = service.home + "/run"
        try await serve.waitUntil("the player to answer") {
            (try? await sshShell.run(["status"]))?.status == 0
        }
        #expect(FileManager.default.fileExists(atPath: "/tmp/cdwally-\(geteuid())/control.sock"))
        #expect(try await sshShell.run(["disc", "2"]).status == 0)
        // And a second player, started from the shell, sees the service and refuses.
        #expect(
            try await sshShell.run(["serve", "--library", library.root, "--mpv", "ao=null"]).status == 75)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func aRunningPlayerFollowsThePlaylistWithinSeconds() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist("Ann/\nBob/\n")
        let serve = try await startServe(cli, library)
        #expect(try await cli.run(["disc", "3"]).status == 64)
        try library.playlist("Ann/\nBob/\nCy/\n")
        #expect(await eventually { (try? await cli.run(["disc", "3"]))?.status == 0 })
        #expect((try await status(cli)["disc"] as? [String: Any])?["album"] as? String == "Third")
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }
}
