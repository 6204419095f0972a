import Foundation
import TestSupport
import Testing

/// One player per user and library, whatever the runtime folder (docs/PRODUCT.md §5): real
/// `serve` processes, and second commands started as cron or a unit without the same
/// `XDG_RUNTIME_DIR` would start them.
@Suite struct SinglePlayerTests {
    /// Two albums of silence, 40 s a track, so nothing ends while a test looks.
    private func makeLibrary(_ names: [(String, String)] = [("Ann", "First"), ("Bob", "Second")]) throws
        -> TestLibrary
    {
        let library = try TestLibrary()
        for (artist, album) in names {
            try library.add(
                "\(artist)/\(album)/01.flac", template: "long.flac",
                tags: ["TITLE": "\(album) 1", "ARTIST": artist, "ALBUM": album, "TRACKNUMBER": "1"])
        }
        try library.playlist(names.map { "\($0.0)/\($0.1)/01.flac\n" }.joined())
        return library
    }

    /// The same user in another session: its own runtime folder (nil: none at all).
    private func elsewhere(_ cli: CLI, runtime: String?) throws -> CLI {
        var other = cli
        other.environment["XDG_RUNTIME_DIR"] = runtime
        if let runtime {
            try FileManager.default.createDirectory(
                atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        return other
    }

    /// Each disc's saved place, by wallet position, as `discs --json` reports it.
    private func resumePoints(_ cli: CLI, _ library: TestLibrary) async throws -> [Int: Double] {
        let discs =
            try await cli.json(["discs", "--library", library.root])["discs"] as? [[String: Any]] ?? []
        var points: [Int: Double] = [:]
        for disc in discs {
            if let position = disc["position"] as? Int,
                let seconds = (disc["resume"] as? [String: Any])?["position"] as? Double
            {
                points[position] = seconds
            }
        }
        return points
    }

    @Test func aSecondPlayerFromAnotherRuntimeFolderOrNoneHandsOverAndNoPositionIsLost() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library)
        let pid = serve.process.processIdentifier
        _ = try await cli.json(["disc", "1"])
        _ = try await cli.json(["seek", "0:20"])
        _ = try await cli.json(["disc", "2"])
        _ = try await cli.json(["seek", "0:25"])
        _ = try await cli.json(["pause"])

        let cron = try elsewhere(cli, runtime: cli.home + "/run-cron")
        let unit = try elsewhere(cli, runtime: nil)
        for other in [cron, unit] {
            let second = try await other.run(["serve", "--library", library.root, "--mpv", "ao=null"])
            #expect(second.status == 75)
            #expect(
                second.stderr.contains(
                    "already running (pid \(pid), socket \(cli.home)/run/cdwally/control.sock)"),
                "\(second.stderr)")
            #expect(try await other.run(["play", "--library", library.root]).status == 75)
        }
        // Handed over through the player's record, whatever this session's runtime folder.
        let handed = try await cron.run(["play", "1", "--library", library.root, "--mpv", "ao=null"])
        #expect(handed.status == 0, "\(handed.stderr)")
        let status = try await unit.json(["status"])
        #expect((status["disc"] as? [String: Any])?["position"] as? Int == 1)
        #expect((status["elapsed"] as? Double ?? 0) >= 19.5)
        let setup = try #require(status["player"] as? [String: Any])
        #expect(setup["pid"] as? Int == Int(pid))
        #expect(setup["library"] as? String == library.root)
        #expect(setup["mpv"] as? [String] == ["ao=null"])
        #expect(try await unit.run(["quit"]).status == 0)
        #expect(try await serve.wait() == 0)

        // No second player ever wrote: both places are the first one's.
        let points = try await resumePoints(cli, library)
        #expect((points[1] ?? 0) >= 20)
        #expect((points[2] ?? 0) >= 25 && (points[2] ?? 0) < 30)
    }

    /// A system unit with its own `XDG_STATE_HOME` and no runtime folder: the second `serve`
    /// still finds the first (through the default state folder's `player.lock`) and refuses,
    /// naming it, rather than playing beside it; and the other way round.
    @Test func aSecondPlayerWithOtherStateAndRuntimeFoldersFindsTheFirst() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        var unit = try elsewhere(cli, runtime: nil)
        unit.environment["XDG_STATE_HOME"] = cli.home + "/unit-state"
        for (first, second) in [(cli, unit), (unit, cli)] {
            let serve = try await startServe(first, library)
            let pid = serve.process.processIdentifier
            let refused = try await second.run(["serve", "--library", library.root, "--mpv", "ao=null"])
            #expect(refused.status == 75, "\(refused.stderr)")
            #expect(refused.stderr.contains("already running (pid \(pid)"), "\(refused.stderr)")
            serve.signal(SIGTERM)
            #expect(try await serve.wait() == 0)
        }
    }

    @Test func aHandOverThatCannotHonourTheCommandChangesNothingAndSaysWhy() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let other = try makeLibrary([("Cy", "Elsewhere")])
        let serve = try await startServe(cli, library)

        let wrongLibrary = try await cli.run(["play", "1", "--library", other.root])
        #expect(wrongLibrary.status == 4)
        #expect(
            wrongLibrary.stderr.hasPrefix(
                "cdwally: the running player (pid \(serve.process.processIdentifier)"))
        #expect(wrongLibrary.stderr.contains("the library \(other.root) (it plays \(library.root))"))
        #expect(wrongLibrary.stderr.contains("`cdwally quit`"))
        #expect(wrongLibrary.stderr.split(separator: "\n").count == 1)

        // The man page's render example would otherwise play on the running player's output.
        let wav = cli.home + "/x.wav"
        let render = try await cli.run([
            "play", "1", "--library", library.root, "--mpv", "ao=pcm", "--mpv", "ao-pcm-file=\(wav)",
        ])
        #expect(render.status == 4)
        #expect(render.stderr.contains("--mpv ao=pcm (it plays with ao=null)"), "\(render.stderr)")
        #expect(render.stderr.contains("--mpv ao-pcm-file=\(wav) (it plays with no ao-pcm-file option)"))
        for options in [
            ["--then", "next"], ["--repeat"], ["--audio-device", "alsa/default"], ["--capacity", "1"],
        ] {
            let refused = try await cli.run(["play", "2", "--library", library.root] + options)
            #expect(refused.status == 4, "\(options): \(refused.stderr)")
            #expect(refused.stderr.contains(options[0]), "\(refused.stderr)")
        }
        #expect(try await cli.json(["status"])["state"] as? String == "idle")
        #expect(!FileManager.default.fileExists(atPath: wav))

        // What the player already does, and --from-start, are honoured.
        let same = try await cli.run([
            "play", "2", "--library", library.root, "--then", "stop", "--from-start",
        ])
        #expect(same.status == 0, "\(same.stderr)")
        #expect((try await cli.json(["status"])["disc"] as? [String: Any])?["position"] as? Int == 2)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func aKilledPlayerLeavesNoStaleLock() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let first = try await startServe(cli, library)
        first.signal(SIGKILL)
        _ = try await first.wait()
        let lock = cli.home + "/state/cdwally/player.lock"
        #expect(FileManager.default.fileExists(atPath: lock))

        // The next player starts at once, here from another runtime folder.
        let cron = try elsewhere(cli, runtime: cli.home + "/run-cron")
        let second = try RunningCommand(cron, ["serve", "--library", library.root, "--mpv", "ao=null"])
        try await second.waitUntil("the second player to answer") {
            (try? await cron.run(["status"]))?.status == 0
        }
        let record = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: lock)))
                as? [String: Any])
        #expect(record["version"] as? Int == 1)
        #expect(record["pid"] as? Int == Int(second.process.processIdentifier))
        #expect(record["socket"] as? String == cli.home + "/run-cron/cdwally/control.sock")
        #expect(record["library"] as? String == library.root)
        // The first session's shell finds it through the record, past the dead socket.
        let status = try await cli.json(["status"])
        #expect((status["player"] as? [String: Any])?["pid"] as? Int == Int(second.process.processIdentifier))
        second.signal(SIGTERM)
        #expect(try await second.wait() == 0)
    }

    @Test func aStateHomeThatCannotBeWrittenDoesNotStopThePlayer() async throws {
        var cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        // A file where the folder should be: it fails for root too.
        try Data("x".utf8).write(to: URL(fileURLWithPath: cli.home + "/blocked"))
        cli.environment["XDG_STATE_HOME"] = cli.home + "/blocked/state"
        let serve = try await startServe(cli, library)
        #expect(serve.stderr.contains("only one player per runtime folder is ensured"), "\(serve.stderr)")
        #expect(try await cli.json(["disc", "1"])["state"] as? String == "playing")
        // The runtime folder's own lock still refuses a second player there.
        #expect(try await cli.run(["serve", "--library", library.root, "--mpv", "ao=null"]).status == 75)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    /// `play` and `serve` share one start-up: a door that cannot open (here the web remote's
    /// port, taken) ends it with one line, and leaves neither lock nor socket behind.
    @Test func aDoorThatCannotOpenEndsTheStartUpAndLeavesTheWayFree() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let holder = Process()
        let announced = Pipe()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = [
            "-c",
            "import socket, time; s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(); "
                + "print(s.getsockname()[1], flush=True); time.sleep(60)",
        ]
        holder.standardOutput = announced
        try holder.run()
        defer { holder.terminate() }
        let line = String(decoding: announced.fileHandleForReading.availableData, as: UTF8.self)
        let port = try #require(Int(line.trimmingCharacters(in: .whitespacesAndNewlines)))

        for command in [["play", "1"], ["serve"]] {
            let failed = try await cli.run(
                command + ["--library", library.root, "--mpv", "ao=null", "--web", "\(port)"])
            #expect(failed.status == 69, "\(command)")
            #expect(
                failed.stderr
                    == "cdwally: cannot serve the web remote on http://127.0.0.1:\(port)/: Address already in use\n"
            )
            #expect(try await cli.run(["status"]).status == 3)
        }
        let serve = try await startServe(cli, library)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }
}
