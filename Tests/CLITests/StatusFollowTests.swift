import Foundation
import TestSupport
import Testing

/// `cdwally status --follow` and `--format`, through the binary against a real `serve`: a
/// status bar's line per change from a subscription on the control socket, not a process a
/// second.
@Suite struct StatusFollowTests {
    /// One album of three 40-second tracks, so nothing ends while a test looks.
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        for number in 1...3 {
            try library.add(
                "Ann/First/0\(number).flac", template: "long.flac",
                tags: [
                    "TITLE": "First \(number)", "ARTIST": "Ann", "ALBUMARTIST": "Ann", "ALBUM": "First",
                    "TRACKNUMBER": "\(number)", "DATE": "1999",
                ])
        }
        try library.playlist("Ann/\n")
        return library
    }

    private func lines(_ follower: RunningCommand) -> [String] {
        follower.stdout.split(separator: "\n").map(String.init)
    }

    /// Runs `arguments`, then expects exactly one new line from `follower` within a second,
    /// reading `expected`, and none more in the half second after it.
    private func expectOneLine(
        _ cli: CLI, _ follower: RunningCommand, after arguments: [String], _ expected: String
    ) async throws {
        let before = lines(follower).count
        let result = try await cli.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        try await follower.waitUntil(timeout: 1, "a line after \(arguments)") {
            lines(follower).count > before
        }
        try await Task.sleep(for: .milliseconds(500))
        let new = Array(lines(follower).dropFirst(before))
        #expect(new == [expected], "after \(arguments)")
    }

    @Test func eachChangeBringsOneLineAndQuitEndsIt() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library)
        let follower = try RunningCommand(
            cli, ["status", "--follow", "--format", "%state% disc %disc% track %track% vol %volume%"])
        try await follower.waitForOutput("idle disc  track  vol 100\n", timeout: 5)
        try await expectOneLine(cli, follower, after: ["disc", "1"], "playing disc 1 track 1 vol 100")
        try await expectOneLine(cli, follower, after: ["pause"], "paused disc 1 track 1 vol 100")
        try await expectOneLine(cli, follower, after: ["volume", "30"], "paused disc 1 track 1 vol 30")
        #expect(follower.stderr.isEmpty)

        #expect(try await cli.run(["quit"]).status == 0)
        #expect(try await follower.wait(timeout: 10) == 0)
        #expect(lines(follower).last == "the player stopped")
        #expect(try await serve.wait() == 0)
    }

    @Test func thePositionMovesAtMostOnceASecond() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library)
        #expect(try await cli.run(["disc", "1"]).status == 0)
        let follower = try RunningCommand(cli, ["status", "--follow", "--json"])
        try await follower.waitForOutput("\n", timeout: 5)
        let start = lines(follower).count
        try await Task.sleep(for: .seconds(4))
        let window = lines(follower).dropFirst(start)
        // mpv reports the place several times a second; the follower hears whole seconds.
        let seconds = try window.map { line in
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["state"] as? String == "playing")
            return Int(try #require(object["elapsed"] as? Double))
        }
        // At most one a second (and one more for the window's edges); at least two, under load.
        #expect((2...5).contains(seconds.count), "\(seconds)")
        #expect(zip(seconds, seconds.dropFirst()).allSatisfy { $0 < $1 }, "\(seconds)")
        #expect(try await cli.run(["quit"]).status == 0)
        #expect(try await follower.wait(timeout: 10) == 0)
        #expect(follower.stderr == "cdwally: the player stopped\n")
        #expect(try await serve.wait() == 0)
    }

    /// A status bar restarted: the reader of the follower's stdout goes away while nothing
    /// changes (paused), and the follower ends at once, quietly.
    @Test func aClosedStdoutEndsTheFollower() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library)
        #expect(try await cli.run(["disc", "1"]).status == 0)
        #expect(try await cli.run(["pause"]).status == 0)
        let pipe = Pipe()
        let errors = cli.home + "/follow-errors"
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["status", "--follow", "--format", "%state% %title%"]
        process.environment = cli.environment
        process.standardOutput = pipe
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let reader = pipe.fileHandleForReading
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            first += chunk
        }
        #expect(String(decoding: first, as: UTF8.self) == "paused First 1\n")
        try reader.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!process.isRunning, "the follower still runs with nobody reading")
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect((try? String(contentsOfFile: errors, encoding: .utf8)) == "")
        #expect(try await cli.run(["quit"]).status == 0)
        #expect(try await serve.wait() == 0)
    }

    /// `serve` started before its library is there (a disk not mounted): a follower hears what
    /// it waits for, then the player, on the same connection.
    @Test func aFollowerOfAWaitingServeFollowsThePlayerOnceItStarts() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let later = cli.home + "/music"
        let serve = try RunningCommand(cli, ["serve", "--library", later, "--mpv", "ao=null"])
        try await serve.waitUntil("the waiting player to answer") {
            (try? await cli.run(["status"]))?.status == 0
        }
        let follower = try RunningCommand(cli, ["status", "--follow", "--format", "%state% %disc%|%volume%"])
        try await follower.waitForOutput("idle |100\n", timeout: 5)
        // The disk comes: its folder appears where the library was said to be.
        try FileManager.default.createSymbolicLink(atPath: later, withDestinationPath: library.root)
        try await serve.waitUntil(timeout: 10, "the player to start") {
            (try? await cli.json(["status"]))?["player"] is [String: Any]
        }
        #expect(try await cli.run(["disc", "1"]).status == 0)
        try await follower.waitForOutput("playing 1|100\n", timeout: 5)
        #expect(try await cli.run(["quit"]).status == 0)
        #expect(try await follower.wait(timeout: 10) == 0)
        #expect(lines(follower).last == "the player stopped")
        #expect(try await serve.wait() == 0)
    }

    @Test func everyPlaceholderOfFormat() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library)
        let all =
            "%state%|%artist%|%albumartist%|%album%|%title%|%year%|%disc%|%track%|%tracks%|%elapsed%"
            + "|%duration%|%volume%|%muted%|%shuffle%|%sleep%|100%%"
        let idle = try await cli.run(["status", "--format", all])
        #expect(idle.status == 0)
        #expect(idle.stdout == "idle|||||||||||100||||100%\n")

        #expect(try await cli.run(["disc", "1"]).status == 0)
        #expect(try await cli.run(["next"]).status == 0)
        #expect(try await cli.run(["pause"]).status == 0)
        #expect(try await cli.run(["seek", "0:30"]).status == 0)
        #expect(try await cli.run(["volume", "40"]).status == 0)
        #expect(try await cli.run(["volume", "mute"]).status == 0)
        #expect(try await cli.run(["sleep", "end-of-disc"]).status == 0)
        let paused = try await cli.run(["status", "--format", all])
        #expect(paused.status == 0)
        var fields = paused.stdout.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        // A paused place may read 29.999 s: a bar shows whole seconds gone, rounded down.
        #expect(["0:29", "0:30"].contains(fields[9]))
        fields[9] = "0:30"
        #expect(
            fields.joined(separator: "|")
                == "paused|Ann|Ann|First|First 2|1999|1|2|3|0:30|0:40|40|muted||end of disc|100%\n")
        #expect(try await cli.run(["shuffle", "on"]).status == 0)
        #expect(try await cli.run(["status", "--format", "%shuffle% %title%"]).stdout == "shuffle First 2\n")
        #expect(try await cli.run(["quit"]).status == 0)
        #expect(try await serve.wait() == 0)
    }

    @Test func aBadFormatIsOneLineAndExit64() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        // No player runs: the format is read before it would be asked.
        for (format, words) in [
            ("%state% %nope%", "\"%nope%\" is not a placeholder"),
            ("100% of %title%", "\"% of %\" is not a placeholder"),
            ("%title", "never closes"),
        ] {
            for extra in [[], ["--follow"]] {
                let result = try await cli.run(["status", "--format", format] + extra)
                #expect(result.status == 64, "\(format)")
                #expect(result.stdout.isEmpty)
                #expect(
                    result.stderr.hasPrefix("cdwally: --format: ") && result.stderr.contains(words),
                    "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            }
        }
        let both = try await cli.run(["status", "--format", "%state%", "--json"])
        #expect(both.status == 64 && both.stderr.split(separator: "\n").count == 1)
        // A good format without a player is the usual no-player status.
        #expect(try await cli.run(["status", "--format", "%state%"]).status == 3)
        #expect(try await cli.run(["status", "--follow"]).status == 3)
    }
}
