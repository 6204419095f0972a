import Foundation
import TestSupport
import Testing

/// An output that takes no audio must not freeze the player (issue #15): the Snapcast
/// recipe's named pipe with nobody reading it, through real libmpv (`ao=pcm`) in a real
/// `cdwally serve` or `play`. Commands keep answering, `status` says the player waits for
/// the output, playback goes on when a reader comes (and waits again when it leaves,
/// rather than dying of SIGPIPE), and SIGTERM ends the player with its place saved.
@Suite struct BlockedOutputTests {
    /// One album of two 40 s silent tracks: nothing ends while a test looks.
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        for number in 1...2 {
            try library.add(
                "Quiet/Long/0\(number).flac", template: "long.flac",
                tags: [
                    "TITLE": "Silence \(number)", "ARTIST": "Quiet", "ALBUM": "Long",
                    "TRACKNUMBER": "\(number)",
                ])
        }
        try library.playlist("Quiet/Long/01.flac\n")
        return library
    }

    private func makeFIFO(_ cli: CLI) throws -> String {
        let fifo = cli.home + "/snapfifo"
        guard mkfifo(fifo, 0o600) == 0 else { throw TestFailure("mkfifo \(fifo): errno \(errno)") }
        return fifo
    }

    private func pipeOutput(_ fifo: String) -> [String] {
        ["--mpv", "ao=pcm", "--mpv", "ao-pcm-file=\(fifo)", "--mpv", "ao-pcm-waveheader=no"]
    }

    private func status(_ cli: CLI) async throws -> (waiting: Bool, track: Int, position: Double) {
        let status = try await cli.json(["status"])
        return (
            status["waitingForOutput"] as? Bool ?? false,
            (status["track"] as? [String: Any])?["track"] as? Int ?? -1,
            status["elapsed"] as? Double ?? -1
        )
    }

    @Test func servePlayingIntoAPipeNobodyReadsWaitsForItAndGoesOnWhenItIsRead() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let fifo = try makeFIFO(cli)
        let serve = try RunningCommand(
            cli, ["serve", "--idle", "--library", library.root] + pipeOutput(fifo))
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }

        // `disc 1` answers although nothing reads the pipe; then status says what happens.
        let started = try await cli.run(["disc", "1"])
        #expect(started.status == 0, "\(started.stderr)")
        try await serve.waitUntil("status to say it waits for the output") { try await status(cli).waiting }
        let shown = try await cli.run(["status"])
        #expect(
            shown.stdout.hasPrefix("… Waiting for the audio output  Disc 1  Track 1/2"), "\(shown.stdout)")
        let json = try await cli.json(["status"])
        #expect(json["state"] as? String == "playing")

        // Other commands answer at once: those that need the output say why they cannot.
        let pause = try await cli.run(["pause"])
        #expect(pause.status == 69)
        #expect(pause.stderr.contains("the audio output is not taking audio"), "\(pause.stderr)")
        #expect(try await cli.run(["sleep", "30m"]).status == 0)
        #expect(try await cli.run(["sleep", "off"]).status == 0)
        let stood = try await status(cli)
        try await Task.sleep(for: .seconds(1))
        #expect(try await status(cli).position == stood.position)

        // A reader comes: playback goes on by itself. `ao=pcm` writes as fast as the reader
        // reads, so the player may be well into track 2 by the time the test looks.
        let reader = try PipeReader(fifo)
        try await serve.waitUntil("the position to move on") {
            let now = try await status(cli)
            return !now.waiting && (now.track > stood.track || now.position > stood.position + 1)
        }
        // It leaves (snapserver restarting): the player waits again rather than die of SIGPIPE.
        await reader.stop()
        try await serve.waitUntil("status to say it waits again") { try await status(cli).waiting }
        #expect(serve.process.isRunning)
        let held = try await status(cli)

        // SIGTERM ends it promptly, with its place saved.
        serve.signal(SIGTERM)
        #expect(try await serve.wait(timeout: 20) == 0)
        let discs = try await cli.json(["discs", "--library", library.root])["discs"] as? [[String: Any]]
        let resume = try #require(discs?.first?["resume"] as? [String: Any])
        #expect(resume["track"] as? Int == held.track)
        let saved = try #require(resume["position"] as? Double)
        #expect(saved >= held.position - 0.5)
    }

    /// A listener that hears the start, then hangs with the pipe open. Only what was heard
    /// counts (docs/PRODUCT.md §10), and whether mpv's first samples fit into a pipe never read
    /// differs between mpv versions (0.35 writes them; 0.40 may stall first): so something is
    /// heard first, for certain, and the place must then be saved.
    @Test func playIntoAPipeThatStopsBeingReadAnswersAndEndsOnSIGTERM() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let fifo = try makeFIFO(cli)
        let reader = try PipeReader(fifo, bytesPerSecond: 64_000)
        let play = try RunningCommand(cli, ["play", "1", "--library", library.root] + pipeOutput(fifo))
        try await play.waitUntil("the start to be heard") { (try? await status(cli))?.position ?? 0 > 0.5 }
        reader.hold()
        try await play.waitUntil("status to say it waits for the output") {
            (try? await status(cli))?.waiting == true
        }
        #expect(try await cli.run(["next"]).status == 69)
        play.signal(SIGTERM)
        #expect(try await play.wait(timeout: 20) == 0)
        await reader.stop()
        // The place is saved: track 1, not finished.
        let folder = try libraryStateFolder(under: cli.home + "/state/cdwally")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/resume.json"))
        let resume = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entry = try #require((resume["discs"] as? [String: [String: Any]])?.values.first)
        #expect(entry["track"] as? Int == 1)
        #expect(entry["finished"] as? Bool == false)
    }
}
