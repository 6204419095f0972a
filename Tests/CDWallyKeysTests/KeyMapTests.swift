import CDWallyCore
import CDWallyVocabulary
import Testing

@testable import CDWallyKeys

@Suite struct KeyMapTests {
    private func key(_ name: String) -> KeyCode { KeyCode(name: name)! }

    @Test(arguments: [
        ("KEY_PLAYPAUSE", PlayerCommand.toggle), ("KEY_PLAYCD", .resume), ("KEY_PAUSECD", .pause),
        ("KEY_PLAY", .resume), ("KEY_STOPCD", .stop), ("KEY_STOP", .stop), ("KEY_NEXTSONG", .next),
        ("KEY_PREVIOUSSONG", .previous), ("KEY_NEXT", .next), ("KEY_PREVIOUS", .previous),
        ("KEY_FASTFORWARD", .seek(.relative(10))), ("KEY_REWIND", .seek(.relative(-10))),
        ("KEY_CHANNELUP", .nextDisc), ("KEY_CHANNELDOWN", .previousDisc),
        ("KEY_VOLUMEUP", .volume(.by(5))), ("KEY_VOLUMEDOWN", .volume(.by(-5))),
        ("KEY_MUTE", .volume(.toggleMute)),
    ])
    func defaultsCoverMediaKeysRemotesAndHeadsets(name: String, command: PlayerCommand) {
        #expect(KeyMap.defaults.command(for: key(name)) == command)
    }

    @Test func defaultsLeaveOrdinaryKeysAlone() {
        #expect(KeyMap.defaults.keys.count == 17)
        for name in ["KEY_PAUSE", "KEY_SPACE", "KEY_ENTER", "KEY_A", "KEY_BRIGHTNESSUP"] {
            #expect(KeyMap.defaults.command(for: key(name)) == nil, "\(name)")
        }
    }

    @Test func keysAreInCodeOrder() {
        let codes = KeyMap.defaults.keys.map(\.rawValue)
        #expect(codes == codes.sorted())
    }

    @Test func configTableIsLaidOverTheDefaults() throws {
        let map = try KeyMap(config: [
            "KEY_PAUSE": "pause",
            "next": "next-disc",
            "key_previous": "previous disc",
            "KEY_SHUFFLE": "random",
        ])
        #expect(map.command(for: key("KEY_PAUSE")) == .pause)
        #expect(map.command(for: key("KEY_NEXT")) == .nextDisc)
        #expect(map.command(for: key("KEY_PREVIOUS")) == .previousDisc)
        #expect(map.command(for: key("KEY_SHUFFLE")) == .randomDisc)
        // Untouched defaults stay.
        #expect(map.command(for: key("KEY_PLAYPAUSE")) == .toggle)
        #expect(map.keys.count == 19)
    }

    @Test func noneUnbindsADefaultKey() throws {
        let map = try KeyMap(config: ["KEY_STOP": "none", "KEY_CHANNELUP": "Ignore"])
        #expect(map.command(for: key("KEY_STOP")) == nil)
        #expect(map.command(for: key("KEY_CHANNELUP")) == nil)
        #expect(map.command(for: key("KEY_STOPCD")) == .stop)
    }

    @Test func anEmptyTableIsTheBase() throws {
        #expect(try KeyMap(config: [:]) == KeyMap.defaults)
        let only = try KeyMap(config: ["KEY_A": "toggle"], base: KeyMap([:]))
        #expect(only.bindings == [key("KEY_A"): .toggle])
    }

    @Test func unknownKeyNamesAreNamedInTheError() {
        let file = RawPath("/home/u/.config/cdwally/config.toml")
        #expect(throws: InputError.unknownKeyName("KEY_PLAYPAUZE", file: file)) {
            try KeyMap(config: ["KEY_PLAYPAUSE": "toggle", "KEY_PLAYPAUZE": "toggle"], file: file)
        }
        let message = InputError.unknownKeyName("KEY_PLAYPAUZE", file: file).description
        #expect(message.contains("KEY_PLAYPAUZE"))
        #expect(message.contains("[keys] in /home/u/.config/cdwally/config.toml"))
        #expect(!message.contains("\n"))
    }

    @Test func unknownActionsAreNamedInTheError() throws {
        let error = try #require(throws: InputError.self) {
            try KeyMap(config: ["KEY_PLAYPAUSE": "toggle", "KEY_NEXTSONG": "skip"])
        }
        #expect(error == .unknownAction("skip", key: "KEY_NEXTSONG", file: nil))
        #expect(error.description.contains("KEY_NEXTSONG = \"skip\" is not an action"))
        #expect(error.description.contains("play-pause"))
        #expect(error.description.contains("next-disc"))
    }

    @Test func theFirstProblemInNameOrderIsReported() {
        // Dictionary order varies between runs; the reported error must not.
        for _ in 0..<20 {
            #expect(throws: InputError.unknownKeyName("KEY_AAA_BOGUS", file: nil)) {
                try KeyMap(config: ["KEY_ZZZ_BOGUS": "toggle", "KEY_AAA_BOGUS": "toggle", "KEY_M": "bogus"])
            }
        }
    }

    @Test func twoSpellingsOfOneKeyMustAgree() throws {
        #expect(
            throws: InputError.conflictingBindings(
                key: "KEY_PLAYPAUSE", first: "KEY_PLAYPAUSE", second: "playpause", file: nil)
        ) {
            try KeyMap(config: ["KEY_PLAYPAUSE": "toggle", "playpause": "stop"])
        }
        let agreeing = try KeyMap(config: ["KEY_PLAYPAUSE": "stop", "playpause": "Stop"])
        #expect(agreeing.command(for: key("KEY_PLAYPAUSE")) == .stop)
    }
}
