import Foundation
import Glibc
import TestSupport
import Testing

/// The multi-room recipe of `Examples/snapcast/README.md`, run for real: Debian's
/// `snapserver` reading its FIFO, `cdwally serve` writing into it through mpv's `pcm`
/// output, and a `snapclient` writing what it receives to a file. The stream plays while
/// cdwally plays and falls idle when it pauses; positions keep real time through the pipe.
@Suite struct SnapcastTests {
    /// A snapserver of the test's own, on loopback ports nobody else uses, with its FIFO and
    /// settings in the test's home; and a snapclient playing into `received`.
    final class Snapcast {
        let fifo: String
        let received: String
        let controlPort: Int
        private let server: ExternalTool
        private let client: ExternalTool

        init(home: String) async throws {
            fifo = home + "/snapfifo"
            received = home + "/received.raw"
            let streamPort = Int.random(in: 20_000..<40_000)
            controlPort = streamPort + 1
            let directory = URL(fileURLWithPath: home)
            let environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home]
            server = try ExternalTool(
                "snapserver",
                [
                    "-c", "/dev/null", "--server.datadir=\(home)", "--http.enabled=false",
                    "--tcp.bind_to_address=127.0.0.1", "--tcp.port=\(controlPort)",
                    "--stream.bind_to_address=127.0.0.1", "--stream.port=\(streamPort)",
                    "--stream.source=pipe://\(fifo)?name=default&sampleformat=48000:16:2",
                    "--logging.sink=stderr",
                ], environment: environment, directory: directory)
            client = try ExternalTool(
                "snapclient",
                [
                    "-h", "127.0.0.1", "-p", "\(streamPort)", "--hostID", "cdwally-test",
                    "--player", "file:filename=\(received)", "--logsink=stderr",
                ], environment: environment, directory: directory)
            // snapserver makes the FIFO when it starts: cdwally must not start before it.
            var status = stat()
            let ready = await eventually {
                stat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
                    && (try? streamStatus()) != nil
            }
            guard ready else {
                throw TestFailure("snapserver did not start: \(server.stderr)")
            }
        }

        deinit {
            client.kill()
            server.kill()
        }

        /// The default stream's status from snapserver's JSON-RPC: "playing" or "idle".
        func streamStatus() throws -> String {
            let reply = try Self.call(port: controlPort, method: "Server.GetStatus")
            let result = reply["result"] as? [String: Any]
            let streams = (result?["server"] as? [String: Any])?["streams"] as? [[String: Any]]
            guard let status = streams?.first?["status"] as? String else {
                throw TestFailure("no stream status in \(reply)")
            }
            return status
        }

        /// The bytes the client has written since `offset`.
        func receivedBytes(from offset: Int) -> [UInt8] {
            guard let data = FileManager.default.contents(atPath: received), data.count > offset else {
                return []
            }
            return [UInt8](data[offset...])
        }

        var receivedCount: Int {
            ((try? FileManager.default.attributesOfItem(atPath: received))?[.size] as? Int) ?? 0
        }

        /// One JSON-RPC request over snapserver's TCP control port, one reply line back.
        private static func call(port: Int, method: String) throws -> [String: Any] {
            let socket = try LoopbackSocket.connect(port: port)
            defer { close(socket) }
            let request = Array("{\"id\":1,\"jsonrpc\":\"2.0\",\"method\":\"\(method)\"}\r\n".utf8)
            guard write(socket, request, request.count) == request.count else { throw TestFailure("write") }
            var reply: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while reply.last != UInt8(ascii: "\n") {
                let count = read(socket, &buffer, buffer.count)
                guard count > 0 else { throw TestFailure("snapserver closed the connection") }
                reply += buffer[0..<count]
            }
            guard let object = try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any] else {
                throw TestFailure("not JSON: \(String(decoding: reply, as: UTF8.self))")
            }
            return object
        }
    }

    @Test func theStreamPlaysWhileCdwallyPlaysAndFallsIdleWhenItPauses() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let snapcast = try await Snapcast(home: cli.home)
        let library = cli.home + "/Music"
        try FileManager.default.copyItem(atPath: CLI.repository + "/Examples/Library", toPath: library)
        // The recipe's options, as the README gives them.
        let serve = try RunningCommand(
            cli,
            [
                "serve", "--library", library, "--mpv", "ao=pcm", "--mpv", "ao-pcm-file=\(snapcast.fifo)",
                "--mpv", "ao-pcm-waveheader=no", "--mpv", "audio-format=s16", "--mpv",
                "audio-samplerate=48000",
                "--mpv", "audio-channels=stereo",
            ])
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
        #expect(try snapcast.streamStatus() == "idle")

        let before = snapcast.receivedCount
        #expect(try await cli.json(["disc", "1"])["state"] as? String == "playing")
        #expect(await eventually { (try? snapcast.streamStatus()) == "playing" })
        // Real audio reaches the room: the demo's tones are not silence.
        #expect(await eventually { snapcast.receivedBytes(from: before).contains { $0 != 0 } })

        // The pipe keeps mpv to real time: over three seconds of the clock the disc moves on
        // by about three seconds (rendered at CPU speed, the whole disc would be over).
        let durations = try #require(
            (try await cli.json(["tracks", "1", "--library", library])["tracks"] as? [[String: Any]])?
                .map { $0["duration"] as? Double ?? 0 })
        func discTime(_ status: [String: Any]) -> Double {
            let index = (status["track"] as? [String: Any])?["index"] as? Int ?? 1
            return durations.prefix(index - 1).reduce(0, +) + (status["elapsed"] as? Double ?? 0)
        }
        let first = discTime(try await cli.json(["status"]))
        let clock = ContinuousClock.now
        try await Task.sleep(for: .seconds(3))
        let later = try await cli.json(["status"])
        // In full: the whole seconds alone once made 3.9 s read as 3 (a failure in CI).
        let (whole, fraction) = (ContinuousClock.now - clock).components
        let seconds = Double(whole) + Double(fraction) / 1e18
        #expect(later["state"] as? String == "playing")
        // The clock's pace, to within what mpv's place can say: the `pcm` output is untimed, so
        // the place is what went into the pipe, and it moves in chunks of up to 65,536 samples
        // (1.4 s at 48 kHz), plus the pipe's third of a second. That was the "1.6 s in 3 s" seen
        // before (docs/SANITIZERS.md). A disc rendered at CPU speed would be over by now.
        let slack = 1.8
        let moved = discTime(later) - first
        #expect(abs(moved - seconds) < slack, "\(first) → \(discTime(later)) in \(seconds) s")

        let paused = try await cli.json(["pause"])
        #expect(paused["state"] as? String == "paused")
        #expect(await eventually { (try? snapcast.streamStatus()) == "idle" })
        // Once Snapcast's buffers have played out, the room hears silence only.
        try await Task.sleep(for: .seconds(2))
        let idleFrom = snapcast.receivedCount
        try await Task.sleep(for: .seconds(1))
        #expect(snapcast.receivedCount > idleFrom)
        #expect(snapcast.receivedBytes(from: idleFrom).allSatisfy { $0 == 0 })

        // The place saved is where playback paused, as the player shows it once the output
        // settled (mpv may have opened the next track by then: the disc time is what counts).
        // The pause can reach mpv while its output thread is blocked writing into the pipe
        // Snapcast empties in real time: the place shown at the pause may lag the settled one by
        // the pipe's and mpv's buffers and what a loaded machine adds (1.55 s seen in CI). What
        // is remembered is held to the settled place below, to a tenth of a second.
        let settled = try await cli.json(["status"])
        #expect(abs(discTime(settled) - discTime(paused)) < 2)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
        let discs = try await cli.json(["discs", "--library", library])["discs"] as? [[String: Any]]
        let resume = try #require(discs?.first?["resume"] as? [String: Any])
        let saved = ["track": ["index": resume["track"] as Any], "elapsed": resume["position"] as Any]
        #expect(abs(discTime(saved) - discTime(settled)) < 0.1, "\(resume) \(settled)")
    }
}
