import Foundation
import TestSupport
import Testing

/// The system unit, `cdwally-jukebox@.service`, as systemd itself reads it: a template run as
/// the user after the @, hardened as far as the jukebox allows, with what the jukebox needs
/// left reachable (the control socket and the Snapcast FIFO in /tmp, the user's home, the
/// music wherever it is mounted, the sound cards and input devices, the network).
@Suite(.enabled(if: InstallTests.hasSystemdAnalyze, "needs systemd-analyze (Debian's systemd package)"))
struct SystemUnitTests {
    static let source = CLI.repository + "/Examples/systemd/cdwally-jukebox@.service"

    /// `systemd-analyze security`'s overall exposure, 0 (locked down) to 10. The plain unit
    /// this template replaced (`User=pi`, nothing hardened) scored 9.2, "UNSAFE", with
    /// systemd 252 (Debian 12); this one 2.2, "OK". The bound leaves room for another
    /// systemd's weights, not for a hardening setting dropped.
    static let exposureBound = 3.0

    @Test func systemdRatesTheUnitFarSaferThanTheOldOne() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let unit = try instance(cli: cli)
        let analysis = try await analyze(["security", "--offline=true", "--no-pager", unit], cli: cli)
        try #require(analysis.status == 0, "systemd-analyze security: \(analysis.stderr)")
        // "→ Overall exposure level for cdwally-jukebox@listener.service: 2.2 OK 🙂"
        let overall = try #require(
            analysis.stdout.split(separator: "\n").last { $0.contains("Overall exposure level for") })
        let words = overall.split(separator: " ")
        let colon = try #require(words.firstIndex { $0.hasSuffix(".service:") })
        let exposure = try #require(Double(words[words.index(after: colon)]), "\(overall)")
        #expect(exposure < Self.exposureBound, "\(overall)")
    }

    /// Each setting as systemd judges it (`--json`): the ones that cost the jukebox nothing are
    /// on, and the ones that would cut it off from its socket, FIFO or home are off.
    @Test func theHardeningLeavesTheSocketTheFIFOAndTheHomeReachable() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let unit = try instance(cli: cli)
        let analysis = try await analyze(
            ["security", "--offline=true", "--json=short", "--no-pager", unit], cli: cli)
        try #require(analysis.status == 0, "systemd-analyze security: \(analysis.stderr)")
        let checks = try #require(
            try JSONSerialization.jsonObject(with: Data(analysis.stdout.utf8)) as? [[String: Any]])
        var verdicts: [String: Bool] = [:]
        for check in checks {
            if let name = check["name"] as? String, let set = check["set"] as? Bool { verdicts[name] = set }
        }
        let hardened = [
            "User=/DynamicUser=", "NoNewPrivileges=", "ProtectKernelTunables=", "ProtectKernelModules=",
            "ProtectKernelLogs=", "ProtectControlGroups=", "ProtectClock=", "ProtectHostname=",
            "ProtectProc=",
            "RestrictNamespaces=~user", "RestrictRealtime=", "RestrictSUIDSGID=", "LockPersonality=",
            "SystemCallArchitectures=", "SystemCallFilter=~@mount", "SystemCallFilter=~@module",
            "RestrictAddressFamilies=~AF_PACKET", "CapabilityBoundingSet=~CAP_SYS_ADMIN", "PrivateMounts=",
        ]
        let missing = hardened.filter { verdicts[$0] != true }
        #expect(missing.isEmpty, "not hardened: \(missing)")
        // PrivateTmp would hide /tmp/cdwally-UID/control.sock and /tmp/snapfifo; ProtectHome
        // the config, state and cache (and often the music); PrivateNetwork the web remote.
        for reachable in ["PrivateTmp=", "ProtectHome=", "PrivateNetwork="] {
            #expect(verdicts[reachable] == false, "\(reachable) must stay off")
        }
    }

    /// The unit as written: no user to edit in, nothing that fails at boot without the music.
    @Test func theTemplateRunsAsItsInstanceAndWaitsForNoMount() throws {
        let settings = try Self.settings(of: String(contentsOfFile: Self.source, encoding: .utf8))
        #expect(settings["User"] == ["%i"])
        // A `nofail` USB disk absent at boot would fail the unit; serve waits for it instead.
        #expect(settings["RequiresMountsFor"] == nil)
        #expect(settings["ReadOnlyPaths"] == nil && settings["InaccessiblePaths"] == nil)
        // strict would make /tmp and the music read-only: the CDs playlist is written there.
        #expect(settings["ProtectSystem"] == ["full"])
        #expect(settings["SupplementaryGroups"] == ["audio input dialout"])
        // The audio device comes from the user's config.toml, not from the unit.
        let start = try #require(settings["ExecStart"]?.first)
        #expect(start == "/usr/local/bin/cdwally serve --input auto")
        #expect(settings["WantedBy"] == ["multi-user.target"])
    }

    // MARK: Helpers

    /// The unit as `systemctl enable --now cdwally-jukebox@listener` loads it, with the test
    /// binary in ExecStart (systemd checks that it names an executable).
    private func instance(cli: CLI) throws -> String {
        let text = try String(contentsOfFile: Self.source, encoding: .utf8)
            .replacingOccurrences(of: "=/usr/local/bin/cdwally ", with: "=\(CLI.binary) ")
        let path = cli.home + "/cdwally-jukebox@listener.service"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func analyze(_ arguments: [String], cli: CLI) async throws -> ExternalTool.Result {
        let tool = try ExternalTool(
            "systemd-analyze", arguments, environment: cli.environment,
            directory: URL(fileURLWithPath: cli.home))
        try await tool.waitForExit(timeout: .seconds(60))
        return tool.result
    }

    /// Each key's values in the order written, comments and section headers left out.
    static func settings(of unit: String) -> [String: [String]] {
        var settings: [String: [String]] = [:]
        for line in unit.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("[") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals]).trimmingCharacters(in: .whitespaces)
            settings[key, default: []].append(String(line[line.index(after: equals)...]))
        }
        return settings
    }
}
