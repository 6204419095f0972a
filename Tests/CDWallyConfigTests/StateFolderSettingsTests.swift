import CDWallyConfig
import Foundation
import Testing

/// The state folder is one setting, resolved as the others are: `--state-dir`, then
/// `$CDWALLY_STATE_DIR`, then `state_dir` in the config file (relative to its folder), then
/// `$XDG_STATE_HOME/cdwally` (docs/PRODUCT.md §11).
@Suite struct StateFolderSettingsTests {
    @Test func theFlagBeatsTheEnvironmentWhichBeatsTheConfigWhichBeatsXDG() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cdwally-state-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(
            atPath: home + "/.config/cdwally", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let plain = ["HOME": home, "XDG_STATE_HOME": home + "/xdg"]
        let byDefault = try Settings.resolve(flags: .init(), environment: plain)
        #expect(byDefault.stateFolder == home + "/xdg/cdwally")
        #expect(byDefault.stateFolderSource == nil)

        try "state_dir = \"disk/.cdwally\"\n".write(
            toFile: home + "/.config/cdwally/config.toml", atomically: true, encoding: .utf8)
        let fromConfig = try Settings.resolve(flags: .init(), environment: plain)
        #expect(fromConfig.stateFolder == home + "/.config/cdwally/disk/.cdwally")
        #expect(fromConfig.stateFolderSource?.hasPrefix("state_dir in ") == true)

        let withVariable = plain.merging(["CDWALLY_STATE_DIR": "/srv/music/.cdwally"]) { $1 }
        let fromEnvironment = try Settings.resolve(flags: .init(), environment: withVariable)
        #expect(fromEnvironment.stateFolder == "/srv/music/.cdwally")
        #expect(fromEnvironment.stateFolderSource == "$CDWALLY_STATE_DIR")

        let fromFlag = try Settings.resolve(flags: .init(stateDir: "~/lasting"), environment: withVariable)
        #expect(fromFlag.stateFolder == home + "/lasting")
        #expect(fromFlag.stateFolderSource == "--state-dir")
    }

    @Test func anEmptyStateDirIsAMistakeInTheConfig() throws {
        #expect(throws: ConfigError.self) {
            try ConfigFile.parse("state_dir = \"\"\n", path: "/c/config.toml", home: "/h")
        }
    }
}
