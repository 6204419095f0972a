import Foundation
import TestSupport
import Testing

/// The Pi's daily life (docs/PRODUCT.md §10): the music on a USB disk that mounts after the
/// unit started, or is pulled and plugged back while the player runs. Real `serve` processes
/// and real mounts (a bind mount stands for the disk); skipped where this process may not mount.
@Suite(.enabled(if: SmallDisk.isAvailable, "mounting needs root"), .serialized)
struct LateLibraryTests {
    /// A library of two albums of silence, 40 s a track, and an empty folder to mount it on.
    private struct Setup {
        let cli: CLI
        let library: TestLibrary
        let disk: BindMount
        var music: String { disk.target }

        init() throws {
            cli = try CLI()
            library = try TestLibrary()
            for (artist, album) in [("Ann", "First"), ("Bob", "Second")] {
                try library.add(
                    "\(artist)/\(album)/01.flac", template: "long.flac",
                    tags: ["TITLE": album, "ARTIST": artist, "ALBUM": album, "TRACKNUMBER": "1"])
            }
            try library.playlist("Ann/First/01.flac\nBob/Second/01.flac\n")
            disk = BindMount(library.root, on: cli.home + "/srv/music")
        }

        func serve() async throws -> RunningCommand {
            let serve = try RunningCommand(
                cli, ["serve", "--library", music, "--mpv", "ao=null", "--verbose"])
            try await serve.waitUntil("the player to answer") {
                (try? await cli.run(["status"]))?.status == 0
            }
            return serve
        }

        /// A serve on the disk, mounted, playing disc `disc`.
        func servePlaying(disc: Int) async throws -> RunningCommand {
            try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
            try disk.mount()
            let serve = try await serve()
            #expect(try await cli.json(["disc", "\(disc)"])["state"] as? String == "playing")
            return serve
        }

        /// A serve on the mounted disk that played disc 2 from 0:20 until a periodic save, then
        /// lost its power; the disk is unmounted after, as at the next boot.
        func cutOffWhilePlayingTheSecondDisc() async throws {
            let serve = try await servePlaying(disc: 2)
            _ = try await cli.json(["seek", "0:20"])
            try await Task.sleep(for: .seconds(6))
            serve.signal(SIGKILL)
            _ = try await serve.wait()
            disk.unmount()
        }

        /// Mounts the disk and waits until the player plays disc 2 again; returns how long that took.
        func mountAndWaitForTheSecondDisc(_ serve: RunningCommand) async throws -> Double {
            try disk.mount()
            let mounted = Date()
            try await serve.waitUntil(timeout: 10, "disc 2 to play on") {
                let status = try await cli.json(["status"])
                return status["state"] as? String == "playing"
                    && (status["disc"] as? [String: Any])?["position"] as? Int == 2
            }
            let seconds = Date().timeIntervalSince(mounted)
            let status = try await cli.json(["status"])
            #expect(status["waitingFor"] is NSNull)
            let position = try #require(status["elapsed"] as? Double)
            #expect(position >= 20 && position < 35, "\(position)")
            return seconds
        }

        func remove() {
            disk.unmount()
            cli.remove()
        }
    }

    @Test func aMissingLibraryIsWaitedForAndTheCutOffDiscPlaysOnWhenItComes() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        try await setup.cutOffWhilePlayingTheSecondDisc()
        try FileManager.default.removeItem(atPath: setup.music)

        let serve = try await setup.serve()
        let status = try await setup.cli.json(["status"])
        #expect(status["waitingFor"] as? String == setup.music)
        #expect(status["state"] as? String == "idle")
        let text = try await setup.cli.run(["status"])
        #expect(text.stdout.contains("waiting for \(setup.music)"), "\(text.stdout)")
        let doctor = try await setup.cli.run(["doctor", "--library", setup.music])
        #expect(doctor.status == 66)
        #expect(doctor.stderr.contains("The running player waits for \(setup.music)"), "\(doctor.stderr)")
        // Still waiting a while later: it never exits for it.
        try await Task.sleep(for: .seconds(1))
        #expect(try await setup.cli.json(["status"])["waitingFor"] as? String == setup.music)

        try FileManager.default.createDirectory(atPath: setup.music, withIntermediateDirectories: true)
        let seconds = try await setup.mountAndWaitForTheSecondDisc(serve)
        #expect(seconds < 2.5, "\(seconds) s after the mount; \(serve.stderr)")
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    /// A mount over an existing empty mount point: the library is there from the start, its
    /// playlist only once the disk comes.
    @Test func anEmptyMountPointIsWaitedForAndTheCutOffDiscPlaysOnWhenTheDiskComes() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        try await setup.cutOffWhilePlayingTheSecondDisc()

        let serve = try await setup.serve()
        #expect(try await setup.cli.json(["status"])["waitingFor"] as? String == setup.music)
        let doctor = try await setup.cli.json(["doctor", "--library", setup.music])
        #expect((doctor["health"] as? [String: Any])?["playerWaitingFor"] as? String == setup.music)
        let text = try await setup.cli.run(["doctor", "--library", setup.music])
        #expect(text.stdout.contains("running, idle, waiting for \(setup.music)"), "\(text.stdout)")
        let seconds = try await setup.mountAndWaitForTheSecondDisc(serve)
        #expect(seconds < 2.5, "\(seconds) s after the mount; \(serve.stderr)")
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    /// The phone opened at boot, before the disk: the remote answers, says what it waits for
    /// and refuses commands with those words; when the disk comes the player takes the port.
    @Test func theWebRemoteSaysWhatItWaitsForAndThePlayerTakesItsPortWhenTheDiskComes() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let token = try await setup.cli.run(["web", "token", "phone"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let port = Int.random(in: 20_000..<40_000)
        let serve = try RunningCommand(
            setup.cli, ["serve", "--library", setup.music, "--mpv", "ao=null", "--web", "\(port)"])
        try await serve.waitUntil("the waiting remote to listen") {
            serve.stderr.contains("web remote at http://127.0.0.1:\(port)/ (this machine only), waiting for")
        }
        func ask(_ method: String, _ path: String, _ body: String = "") throws -> (
            status: Int, json: [String: Any]
        ) {
            let socket = try LoopbackSocket.connect(port: port)
            defer { close(socket) }
            let request = Array(
                ("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)").utf8)
            _ = write(socket, request, request.count)
            var answer: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while case let count = read(socket, &chunk, chunk.count), count > 0 { answer += chunk[..<count] }
            let text = String(decoding: answer, as: UTF8.self)
            let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
            let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            let json = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
            return (status, json)
        }
        let waiting = try ask("GET", "/api/v1/state")
        #expect(waiting.status == 200)
        #expect(waiting.json["waitingFor"] as? String == setup.music)
        #expect(waiting.json["state"] as? String == "idle")
        let refused = try ask("POST", "/api/v1/commands", #"{"command": "disc", "disc": 1}"#)
        #expect(refused.status == 503)
        let error = refused.json["error"] as? [String: Any]
        #expect(error?["kind"] as? String == "waiting")
        #expect((error?["message"] as? String)?.contains("waiting for \(setup.music)") == true)
        // The socket says the same, in the same kind.
        let disc = try await setup.cli.run(["disc", "1"])
        #expect(disc.status == 75 && disc.stderr.contains("waiting for \(setup.music)"), "\(disc.stderr)")

        try FileManager.default.createDirectory(atPath: setup.music, withIntermediateDirectories: true)
        try setup.disk.mount()
        try await serve.waitUntil(timeout: 10, "the player's own remote") {
            let state = try? ask("GET", "/api/v1/state")
            return state?.status == 200 && state?.json["waitingFor"] is NSNull
                && (state?.json["player"] as? [String: Any]) != nil
        }
        #expect(try ask("POST", "/api/v1/commands", #"{"command": "disc", "disc": 2}"#).status == 200)
        #expect(try await setup.cli.json(["status"])["state"] as? String == "playing")
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func aStopWhileWaitingEndsCleanly() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let serve = try await setup.serve()
        #expect(try await setup.cli.run(["disc", "1"]).status != 0)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
        // `play` at a terminal still ends at once for a library that is not there.
        let play = try await setup.cli.run(["play", "1", "--library", setup.music, "--mpv", "ao=null"])
        #expect(play.status == 66)
    }

    /// A stick pulled while its disc plays: the player stops where it was, still counted as
    /// playing, rather than skip the tracks it can no longer read to the disc's end and count
    /// it finished (the whole machine's USB scenario found that); plugged back, the disc plays
    /// on from its place, as after a power cut.
    @Test func aDiscWhoseDiskIsPulledPlaysOnFromItsPlaceWhenTheDiskIsBack() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let serve = try await setup.servePlaying(disc: 2)
        _ = try await setup.cli.json(["seek", "0:20"])
        try await Task.sleep(for: .seconds(2))

        // The open file stays readable (a lazy unmount): only the player's own check stops it.
        setup.disk.unmount()
        try await serve.waitUntil(timeout: 5, "the player to stop with its disk gone") {
            let status = try await setup.cli.json(["status"])
            return status["state"] as? String == "stopped" && status["waitingFor"] as? String == setup.music
        }
        let said = serve.stderr
        #expect(said.contains("is gone with the library: stopped until it is back"), "\(said)")
        #expect(!said.contains("Finished:"), "\(said)")

        let seconds = try await setup.mountAndWaitForTheSecondDisc(serve)
        #expect(seconds < 2.5, "\(seconds) s after the mount; \(serve.stderr)")
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    /// A stick pulled while the player runs and plugged back: the wallet comes back as fast
    /// as a playlist change shows, not after a minute.
    @Test func aDiskPluggedBackShowsItsDiscsWithinASecond() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let serve = try await setup.servePlaying(disc: 1)

        setup.disk.unmount()
        try await serve.waitUntil(timeout: 5, "the wallet to empty") {
            try await setup.cli.run(["disc", "2"]).status == 64
        }
        #expect(try await setup.cli.json(["status"])["waitingFor"] as? String == setup.music)
        try await Task.sleep(for: .seconds(1))

        try setup.disk.mount()
        let mounted = Date()
        try await serve.waitUntil(timeout: 60, "disc 2 to be there again") {
            try await setup.cli.run(["disc", "2"]).status == 0
        }
        let seconds = Date().timeIntervalSince(mounted)
        #expect(seconds < 1.5, "\(seconds) s after the mount")
        #expect(try await setup.cli.json(["status"])["waitingFor"] is NSNull)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }
}
