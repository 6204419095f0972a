import Foundation
import Testing

@testable import CDWallyConfig

@Suite struct ConfigFileTests {
    private let path = "/home/u/.config/cdwally/config.toml"

    private func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFile.parse(text, path: path, home: "/home/u")
    }

    @Test func readsEveryKnownKey() throws {
        let config = try parse(
            """
            # my settings
            library = "~/Music"
            playlist = "lists/CDs.m3u8"   # relative to this file
            capacity = 30

            [player]
            audio_device = "alsa/hw:0"
            then = "next"
            replaygain = "track"
            repeat = true
            on_start = "idle"

            [player.mpv]
            ao = "pcm"
            "ao-pcm-file" = '/tmp/out.wav'
            volume = 80
            gapless-audio = true

            [keys]
            KEY_CHANNELUP = "next-disc"
            """)
        #expect(config.library?.value == "/home/u/Music")
        #expect(config.playlist?.value == "/home/u/.config/cdwally/lists/CDs.m3u8")
        #expect(config.capacity?.value == 30)
        #expect(config.capacity?.line == 4)
        #expect(config.audioDevice?.value == "alsa/hw:0")
        #expect(config.then?.value == "next")
        #expect(config.replayGain?.value == "track")
        #expect(config.repeatWallet?.value == true)
        #expect(config.onStart?.value == "idle")
        #expect(config.mpvOptions.map(\.key) == ["ao", "ao-pcm-file", "volume", "gapless-audio"])
        #expect(config.mpvOptions.map(\.value) == ["pcm", "/tmp/out.wav", "80", "yes"])
        #expect(config.keys.map(\.key) == ["KEY_CHANNELUP"])
        #expect(config.keys.first?.line == 20)
        #expect(config.warnings.isEmpty)
    }

    @Test func theDisplaysCoverCanBeTurnedOff() throws {
        #expect(try parse("").displayCover == nil)
        let off = try parse("[display]\ncover = false\n")
        #expect(off.displayCover?.value == false && off.displayCover?.line == 2)
        #expect(off.warnings.isEmpty)
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 2, key: "display.cover", message: "must be true or false, not a string")
        ) {
            try parse("[display]\ncover = \"no\"\n")
        }
        #expect(try parse("[display]\nsize = 3\n").warnings.count == 1)
    }

    @Test func wrongTypesNameFileLineAndKey() {
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 2, key: "capacity",
                message: "must be a whole number, 0 or more (0 = no limit)")
        ) {
            try parse("library = \"/m\"\ncapacity = \"lots\"\n")
        }
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 3, key: "player.then", message: "must be one of stop, next, random")
        ) {
            try parse("[player]\n\nthen = \"forever\"\n")
        }
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 1, key: "player", message: "must be a table, written [player]")
        ) {
            try parse("player = 3\n")
        }
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 2, key: "player.repeat", message: "must be true or false, not a string")
        ) {
            try parse("[player]\nrepeat = \"yes\"\n")
        }
    }

    @Test func syntaxErrorsNameTheLine() {
        #expect(
            throws: ConfigError.syntax(
                file: path, line: 2, message: "cannot read the value music (strings need quotes)")
        ) {
            try parse("capacity = 3\nlibrary = music\n")
        }
        #expect(
            throws: ConfigError.syntax(
                file: path, line: 1, message: "string not closed before the end of the line")
        ) {
            try parse("library = \"/m\n")
        }
        #expect(throws: ConfigError.syntax(file: path, line: 2, message: "capacity is set twice")) {
            try parse("capacity = 1\ncapacity = 2\n")
        }
    }

    @Test func unknownKeysWarnWithoutFailing() throws {
        let config = try parse("colour = \"red\"\n[player]\nshuffle = true\n")
        #expect(
            config.warnings == [
                "\(path):1: unknown key colour (ignored)", "\(path):3: unknown key player.shuffle (ignored)",
            ])
        // A top setting appended after the last section, as `echo … >>` does.
        let appended = try parse("[player]\nthen = \"next\"\nstate_dir = \"/srv/music/.cdwally\"\n")
        #expect(
            appended.warnings == [
                "\(path):3: unknown key player.state_dir (ignored: state_dir goes before the first [section])"
            ])
    }

    @Test func tomlValuesArraysAndEscapes() throws {
        let table = try TOMLReader.parse(
            "a = [1, 2,\n  3]\nb = \"tab\\there \\u00e9\"\nc = -1_000\nd = 1.5e3\n[x.y]\nz = false\n")
        #expect(table["a"]?.value == .array([.integer(1), .integer(2), .integer(3)]))
        #expect(table["b"]?.value == .string("tab\there é"))
        #expect(table["c"]?.value == .integer(-1000))
        #expect(table["d"]?.value == .float(1500))
        guard case .table(let x) = table["x"]?.value, case .table(let y) = x["y"]?.value else {
            Issue.record("missing table x.y")
            return
        }
        #expect(y["z"]?.value == .boolean(false))
    }
}

@Suite struct SettingsTests {
    private func temporaryHome() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cdwally-settings-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(
            atPath: home + "/.config/cdwally", withIntermediateDirectories: true)
        return home
    }

    @Test func flagsBeatEnvironmentWhichBeatsTheConfigFile() throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try "library = \"/from/config\"\ncapacity = 7\n".write(
            toFile: home + "/.config/cdwally/config.toml", atomically: true, encoding: .utf8)
        let environment = ["HOME": home]
        let fromConfig = try Settings.resolve(flags: .init(), environment: environment)
        #expect(fromConfig.libraryCandidates.map(\.path) == ["/from/config"])
        #expect(fromConfig.capacity == 7)
        let fromEnvironment = try Settings.resolve(
            flags: .init(),
            environment: environment.merging(["CDWALLY_LIBRARY": "/from/env", "CDWALLY_CAPACITY": "9"]) { $1 }
        )
        #expect(fromEnvironment.libraryCandidates.map(\.path) == ["/from/env"])
        #expect(fromEnvironment.capacity == 9)
        let fromFlags = try Settings.resolve(
            flags: .init(library: "/from/flag", capacity: 0),
            environment: environment.merging(["CDWALLY_LIBRARY": "/from/env"]) { $1 })
        #expect(fromFlags.libraryCandidates.map(\.path) == ["/from/flag"])
        #expect(fromFlags.capacity == 0)
    }

    @Test func defaultsAreXDGMusicDirThenHomeMusic() throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try "# written by xdg-user-dirs-update\nXDG_MUSIC_DIR=\"$HOME/Songs\"\n".write(
            toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        let fromUserDirs = try Settings.resolve(flags: .init(), environment: ["HOME": home])
        #expect(fromUserDirs.libraryCandidates.map(\.path) == [home + "/Songs", home + "/Music"])
        #expect(fromUserDirs.capacity == 20)
        let fromVariable = try Settings.resolve(
            flags: .init(), environment: ["HOME": home, "XDG_MUSIC_DIR": "/srv/music"])
        #expect(fromVariable.libraryCandidates.first?.path == "/srv/music")
    }

    @Test func aMissingExplicitConfigFileIsAnError() throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        #expect(throws: ConfigError.self) {
            try Settings.resolve(flags: .init(config: home + "/nope.toml"), environment: ["HOME": home])
        }
    }

    @Test func xdgDirectoriesFollowTheEnvironment() {
        let directories = XDGDirectories(environment: [
            "HOME": "/h", "XDG_CACHE_HOME": "/c", "XDG_STATE_HOME": "relative/ignored",
            "XDG_RUNTIME_DIR": "/run/user/1",
        ])
        #expect(directories.cdwallyCache == "/c/cdwally")
        #expect(directories.cdwallyState == "/h/.local/state/cdwally")
        #expect(directories.cdwallyConfig == "/h/.config/cdwally")
        #expect(directories.runtimeDir == "/run/user/1")
    }
}
