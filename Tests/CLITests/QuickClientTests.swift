import CDWallyControl
import CDWallyCore
import CDWallyQuickClient
import CDWallySystem
import CDWallyVocabulary
import Foundation
import TestSupport
import Testing

/// The small client that the installed `cdwally` is (`cdwally-quick`): a plain control verb
/// is answered by the running player with what the full program prints; everything else, and a
/// player it cannot ask, is the full program's, run in the same process.
@Suite struct QuickClientTests {
    private func quick(_ cli: CLI, _ arguments: [String]) async throws -> CLI.Result {
        try await cli.run(arguments, binary: BuiltProducts.cdwallyQuick)
    }

    @Test func aPlainVerbPrintsWhatTheFullProgramPrints() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try QuickControlTests.firstAlbum()
        // Started through the small client too: the full program in the same process.
        let serve = try RunningCommand(
            cli, ["serve", "--library", library.root, "--mpv", "ao=null"], binary: BuiltProducts.cdwallyQuick)
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
        let lock = try String(contentsOfFile: cli.home + "/state/cdwally/player.lock", encoding: .utf8)
        #expect(lock.contains("\"pid\":\(serve.process.processIdentifier),"), "\(lock)")
        #expect(try await quick(cli, ["disc", "1"]).status == 0)
        let paused = try await quick(cli, ["pause"])
        #expect(paused.status == 0 && paused.stdout.contains("Paused") && paused.stderr.isEmpty)
        // Paused: nothing moves between the answers compared (mpv may still report the place
        // the pause stopped at a moment after it answered, so they are compared once settled).
        for arguments in [["status"], ["status", "--json"], ["pause"], ["pause", "--json"], ["disc", "9"]] {
            var (small, full) = (try await quick(cli, arguments), try await cli.run(arguments))
            for _ in 0..<10 where small.stdout != full.stdout {
                try await Task.sleep(for: .milliseconds(200))
                (small, full) = (try await quick(cli, arguments), try await cli.run(arguments))
            }
            #expect(small.status == full.status, "\(arguments)")
            #expect(small.stdout == full.stdout && small.stderr == full.stderr, "\(arguments): \(small)")
        }
        // A refusal is the player's, with the full program's words and exit status.
        let refused = try await quick(cli, ["disc", "9"])
        #expect(refused.status == 64 && refused.stderr.hasPrefix("cdwally: there is no disc 9"))
        #expect(try await quick(cli, ["next", "--json"]).stdout.contains("\"title\": \"First 2\""))
        // The player answered: the words reached it as a command line, not through the parser.
        #expect(try await quick(cli, ["quit"]).status == 0)
        #expect(try await serve.wait() == 0)
    }

    @Test func aControlCommandWithArgumentsIsThePlayersToo() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try QuickControlTests.firstAlbum()
        let serve = try RunningCommand(cli, ["serve", "--library", library.root, "--mpv", "ao=null"])
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
        // A small client with no full program to hand over to: what it answers, the player did.
        let alone = cli.home + "/alone/cdwally"
        try FileManager.default.createDirectory(
            atPath: cli.home + "/alone", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BuiltProducts.cdwallyQuick, toPath: alone)
        #expect(try await cli.run(["disc", "1", "--from-start"], binary: alone).status == 0)
        #expect(try await cli.run(["pause"], binary: alone).status == 0)
        let level = try await cli.run(["volume", "-5", "--json"], binary: alone)
        #expect(level.status == 0 && level.stdout.contains("\"volume\": 95"), "\(level)")
        // Each as the full program prints it (said twice, so that both answers find the same state).
        for arguments in [
            ["volume", "70"], ["volume", "mute"], ["sleep", "end-of-disc"], ["shuffle", "off"],
            ["status", "--format", "%state% %volume% %title%"], ["seek", "0:01"], ["disc", "9"],
            ["track", "7"], ["volume", "unmute", "--json"],
        ] {
            var (small, full) = (try await cli.run(arguments, binary: alone), try await cli.run(arguments))
            for _ in 0..<10 where small.stdout != full.stdout {
                try await Task.sleep(for: .milliseconds(200))
                (small, full) = (try await cli.run(arguments, binary: alone), try await cli.run(arguments))
            }
            #expect(small.status == full.status, "\(arguments)")
            #expect(small.stdout == full.stdout && small.stderr == full.stderr, "\(arguments): \(small)")
        }
        #expect(try await cli.run(["volume", "70"], binary: alone).stdout == "Volume 70\n")
        #expect(try await cli.run(["status", "--format", "%state%"], binary: alone).stdout == "paused\n")
        // A mistake, help, a subscription, another command: the player takes none; the full
        // program would, and is missing here.
        for arguments in [
            ["volume", "loud"], ["seek", "--help"], ["status", "--follow"], ["albums"],
            ["disc", "1", "--jsn"],
        ] {
            let handedOver = try await cli.run(arguments, binary: alone)
            #expect(
                handedOver.status == 69
                    && handedOver.stderr.hasPrefix("cdwally: the full program is missing"),
                "\(arguments): \(handedOver)")
        }
        #expect(try await cli.run(["quit"], binary: alone).status == 0)
        #expect(try await serve.wait() == 0)
    }

    /// What the player writes, the client reads back unchanged: any text, any exit status.
    @Test func aPrintedAnswerReadsBackAsThePlayerWroteIt() {
        let texts = [
            "", "❚❚ Paused  Disc 1  Track 2/4  0:00 / 0:03\n  Ann — Chord Sandwich\n",
            "quote \" backslash \\ slash / tab \t cr \r bell \u{07} nul \u{00} del \u{7F}",
            "😀 \u{10FFFF} \u{FEFF} \u{2028}", String(repeating: "long line ", count: 2_000),
        ]
        for output in texts {
            for (error, status) in [("", Int32(0)), ("cdwally: there is no disc 9\n", 64), (output, -1)] {
                let line = PrintedLines(standardOutput: output, standardError: error, exitStatus: status)
                    .json
                    .serialized(pretty: false)
                #expect(
                    QuickAnswer(line: Array(line.utf8))
                        == .print(
                            PrintedLines(standardOutput: output, standardError: error, exitStatus: status)),
                    "\(line)")
            }
        }
    }

    @Test func everythingElseIsTheFullProgramsInTheSameProcess() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        // No player: the full program says so, as it would alone.
        for arguments in [
            ["toggle"], ["status", "--json"], ["--version"], ["status", "--format", "%state%"],
        ] {
            let (small, full) = (try await quick(cli, arguments), try await cli.run(arguments))
            #expect(small.status == full.status && small.stdout == full.stdout && small.stderr == full.stderr)
        }
        let missing = try await quick(cli, ["toggle"])
        #expect(missing.status == 3 && missing.stderr.contains("no cdwally player is running"))
    }

    @Test func aPlayerThatTakesNoCommandLinesGetsTheVerbFromTheFullProgram() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        // As a player older than the small client answers: `unknown-command`, nothing done.
        let requests = LockedValue<[ControlRequest]>([])
        let status = PlayerStatus(state: .paused, disc: nil, track: nil, elapsed: 0, trackCount: 0)
        let server = try ControlServer.start(
            endpoint: ControlEndpoint(directory: RawPath(cli.home + "/run").appending("cdwally")),
            handler: { request, answer in
                requests.withLock { $0.append(request) }
                answer(.ok(status))
            })
        defer { server.stop() }
        let toggled = try await quick(cli, ["toggle"])
        #expect(toggled.status == 0 && toggled.stdout.hasPrefix("❚❚ Paused"), "\(toggled)")
        // Once, by the full program: the refused command line did nothing.
        #expect(requests.current == [.command(.toggle)])
        #expect(toggled.stdout == (try await cli.run(["status"])).stdout)
    }

    @Test func theInstalledLayoutFindsTheFullProgramAndNeverItself() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let prefix = cli.home + "/usr"
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: prefix + "/libexec/cdwally", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BuiltProducts.cdwallyQuick, toPath: prefix + "/bin/cdwally")
        try FileManager.default.createSymbolicLink(
            atPath: prefix + "/libexec/cdwally/cdwally", withDestinationPath: CLI.binary)
        let version = try await cli.run(["--version"], binary: prefix + "/bin/cdwally")
        let fullVersion = try await cli.run(["--version"])
        #expect(version.status == 0 && version.stdout == fullVersion.stdout)
        // Without the full program, one line and no loop.
        try FileManager.default.removeItem(atPath: prefix + "/libexec/cdwally/cdwally")
        let alone = try await cli.run(["--version"], binary: prefix + "/bin/cdwally")
        #expect(
            alone.status == 69 && alone.stderr.hasPrefix("cdwally: the full program is missing"), "\(alone)")
    }
}
