import Foundation
import TestSupport
import Testing

/// Every bad value on the command line is one `cdwally: …` line and exit 64, with nothing
/// changed, whether the argument parser or cdwally itself finds it; global options stand
/// before or after the command. The real binary.
@Suite struct CommandLineTests {
    private let library = CLI.repository + "/Examples/Library"

    private func expectOneLineRefusal(_ result: CLI.Result, _ arguments: [String]) {
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.isEmpty
        }
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(lines.count == 1 && lines[0].hasPrefix("cdwally: "), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
    }

    @Test func badValuesAreOneLineAndExit64() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        for arguments in [
            ["disc", "0"], ["sleep", "abc"], ["play", "0"], ["tracks", "9"], ["next", "3"],
            ["pause", "--bogus"],
            ["seek", "1:99"], ["seek", "1:60:00"], ["discs", "--capacity", "-1"],
        ] {
            expectOneLineRefusal(try await cli.run(arguments + ["--library", library]), arguments)
        }
        let unknown = try await cli.run(["pause", "--bogus"])
        #expect(unknown.stderr == "cdwally: unknown option '--bogus'\n")
        // The usage stays for whoever asks.
        let help = try await cli.run(["pause", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: cdwally pause"), "\(help.stdout)")
    }

    @Test func globalOptionsStandBeforeTheCommandToo() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let after = try await cli.run(["tracks", "1", "--json", "--library", library])
        let before = try await cli.run(["--json", "--library", library, "tracks", "1"])
        #expect(after.status == 0 && before.status == 0, "\(before.stderr)")
        #expect(before.stdout == after.stdout)
        #expect(before.stdout.hasPrefix("{"))
        // With no player, `--json status` is "no player" (3), not a parse error.
        #expect(try await cli.run(["--json", "status"]).status == 3)
    }

    @Test func aVolumeOutOfRangeIsRefusedAndChangesNothing() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let serve = try RunningCommand(cli, ["serve", "--idle", "--library", library, "--mpv", "ao=null"])
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
        #expect(try await cli.run(["volume", "40"]).status == 0)
        for level in ["1000", "101", "-200"] {
            let refused = try await cli.run(["volume", level])
            expectOneLineRefusal(refused, ["volume", level])
            #expect(refused.stderr.contains("0 to 100"), "\(refused.stderr)")
        }
        let status = try await cli.json(["status"])
        #expect(status["volume"] as? Int == 40)
        #expect(try await cli.json(["volume", "-50"])["volume"] as? Int == 0)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }
}
