import CDWallyCore
import CDWallyLibrary
import Foundation
import TestSupport
import Testing

/// Where state lives is one setting (`--state-dir`, `$CDWALLY_STATE_DIR`, `state_dir` in the
/// config), and a state folder that would not survive a reboot is said by `doctor` and at
/// `serve`'s start (docs/PRODUCT.md §11, "A read-only root").
@Suite struct StateFolderSettingTests {
    private let playback = PlaybackCommandTests()

    private func resume(_ cli: CLI, _ library: TestLibrary, _ extra: [String] = []) async throws -> [String:
        Any]?
    {
        let discs =
            try await cli.json(["discs", "--library", library.root] + extra)["discs"] as? [[String: Any]]
        return discs?[1]["resume"] as? [String: Any]
    }

    @Test func theSettingPutsTheStateWhereItSays() async throws {
        var cli = try CLI()
        defer { cli.remove() }
        let library = try playback.makeLibrary()
        let chosen = cli.home + "/music-disk/.cdwally"
        let player = try RunningCommand(
            cli, ["play", "2", "--library", library.root, "--mpv", "ao=null", "--state-dir", chosen])
        try await player.waitForOutput("Track 1/2")
        try await Task.sleep(for: .seconds(2))
        player.signal(SIGTERM)
        #expect(try await player.wait() == 0)
        #expect(FileManager.default.fileExists(atPath: chosen + "/resume.json"))
        #expect(!FileManager.default.fileExists(atPath: cli.home + "/state/cdwally/resume.json"))
        #expect(try await resume(cli, library) == nil)
        #expect(try await resume(cli, library, ["--state-dir", chosen]) != nil)

        // The same folder through the environment, and through the config file, relative to it.
        cli.environment["CDWALLY_STATE_DIR"] = chosen
        #expect(try await resume(cli, library) != nil)
        // The flag beats the environment.
        #expect(try await resume(cli, library, ["--state-dir", cli.home + "/elsewhere"]) == nil)
        cli.environment["CDWALLY_STATE_DIR"] = nil
        let config = cli.home + "/music-disk/config.toml"
        try Data("state_dir = \".cdwally\"\n".utf8).write(to: URL(fileURLWithPath: config))
        #expect(try await resume(cli, library, ["--config", config]) != nil)
        cli.environment["CDWALLY_STATE_DIR"] = cli.home + "/elsewhere"
        #expect(try await resume(cli, library, ["--config", config]) == nil)
    }

    @Test(.enabled(if: SmallDisk.isAvailable, "mounting a tmpfs takes root"))
    func doctorSaysStateOnATmpfsWillNotSurvive() async throws {
        var cli = try CLI()
        defer { cli.remove() }
        let library = try playback.makeLibrary()
        let disk = try SmallDisk(kilobytes: 1024)
        cli.environment["XDG_STATE_HOME"] = disk.path
        let doctor = try await cli.run(["doctor", "--library", library.root])
        #expect(doctor.status == 0)
        let said = doctor.stdout.split(separator: "\n").filter { $0.contains("will not survive a reboot") }
        #expect(said.count == 1)
        #expect(said.first?.contains("\(disk.path)/cdwally") == true)
        #expect(said.first?.contains("is on a tmpfs") == true)
        #expect(said.first?.contains("state_dir") == true)
        let json = try await cli.json(["doctor", "--library", library.root])
        let state = (json["health"] as? [String: Any])?["state"] as? [String: Any]
        #expect(state?["lostAtReboot"] as? Bool == true)

        // The setting pointing at a lasting disk: nothing said.
        let lasting = cli.home + "/music-disk/.cdwally"
        try #require(VolatileFolder.kind(of: RawPath(cli.home)) == nil, "the test's home is on a tmpfs")
        cli.environment["CDWALLY_STATE_DIR"] = lasting
        let moved = try await cli.run(["doctor", "--library", library.root])
        #expect(!moved.stdout.contains("will not survive"))
        #expect(moved.stdout.contains(lasting))
    }

    @Test(.enabled(if: SmallDisk.isAvailable, "mounting a tmpfs takes root"))
    func serveSaysAtStartThatStateOnATmpfsWillNotSurvive() async throws {
        var cli = try CLI()
        defer { cli.remove() }
        let library = try playback.makeLibrary()
        let disk = try SmallDisk(kilobytes: 1024)
        cli.environment["XDG_STATE_HOME"] = disk.path
        let serve = try await startServe(cli, library)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
        let said = serve.stderr.split(separator: "\n").filter { $0.contains("will not survive a reboot") }
        #expect(said.count == 1)
        #expect(said.first?.contains("set state_dir") == true)

        try #require(VolatileFolder.kind(of: RawPath(cli.home)) == nil, "the test's home is on a tmpfs")
        cli.environment["CDWALLY_STATE_DIR"] = cli.home + "/music-disk/.cdwally"
        let lasting = try await startServe(cli, library)
        lasting.signal(SIGTERM)
        #expect(try await lasting.wait() == 0)
        #expect(!lasting.stderr.contains("will not survive"))
    }
}
