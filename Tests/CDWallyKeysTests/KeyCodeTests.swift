import CDWallyKeys
import Testing

@Suite struct KeyCodeTests {
    @Test(arguments: [
        ("KEY_PLAYPAUSE", 164), ("key_playpause", 164), ("PlayPause", 164), ("  KEY_NEXTSONG ", 163),
        ("previoussong", 165), ("KEY_STOPCD", 166), ("playcd", 200), ("KEY_PAUSECD", 201),
        ("KEY_PLAY", 207), ("stop", 128), ("KEY_FASTFORWARD", 208), ("rewind", 168),
        ("KEY_PAUSE", 119), ("KEY_CHANNELUP", 0x192), ("BTN_LEFT", 0x110), ("btn_left", 0x110),
    ])
    func readsNamesTheWayUsersWriteThem(name: String, code: Int) throws {
        let key = try #require(KeyCode(name: name))
        #expect(Int(key.rawValue) == code)
    }

    @Test(arguments: [
        "KEY_BOGUS", "", "   ", "KEY_", "PLAY PAUSE", "KEY_PLAYPAUSÉ", "164", "EV_KEY", "REL_X",
    ])
    func rejectsUnknownNames(name: String) {
        #expect(KeyCode(name: name) == nil)
    }

    @Test func namesComeFromLibevdev() {
        #expect(KeyCode(rawValue: 164).name == "KEY_PLAYPAUSE")
        #expect(KeyCode(rawValue: 0x193).name == "KEY_CHANNELDOWN")
        #expect(KeyCode(rawValue: 0x110).description == "BTN_LEFT")
    }

    @Test func everyNamedCodeRoundTrips() {
        var named = 0
        for code in UInt16(0)...0x2ff {
            let key = KeyCode(rawValue: code)
            guard !key.name.hasSuffix("_\(code)") else { continue }
            named += 1
            // Aliases (KEY_MUTE and KEY_MIN_INTERESTING) may name another code's twin, but a
            // name always reads back to a code with that same name.
            #expect(KeyCode(name: key.name)?.name == key.name, "\(key.name)")
        }
        #expect(named > 400)
    }

    @Test func unnamedCodesStillHaveAName() {
        // 0x2fe lies between the last key Linux defines and KEY_MAX; libevdev has no name.
        #expect(KeyCode(rawValue: 0x2fe).name == "KEY_766")
    }
}
