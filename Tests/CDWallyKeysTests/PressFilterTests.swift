import CEvdev
import Testing

@testable import CDWallyKeys

/// Synthetic `input_event`s through `KeyMap.press(for:)`, the filter
/// `InputDevice.readPresses` applies to every event it reads.
@Suite struct PressFilterTests {
    private func event(type: Int32 = EV_KEY, _ name: String, value: Int32) -> input_event {
        var event = input_event()
        event.type = UInt16(type)
        event.code = KeyCode(name: name)!.rawValue
        event.value = value
        return event
    }

    @Test func aPressActs() {
        #expect(KeyMap.defaults.press(for: event("KEY_PLAYPAUSE", value: 1))?.command == .toggle)
        #expect(KeyMap.defaults.press(for: event("KEY_PLAYCD", value: 1))?.command == .resume)
        #expect(KeyMap.defaults.press(for: event("KEY_CHANNELUP", value: 1))?.command == .nextDisc)
    }

    @Test func releasesAndRepeatsDoNot() {
        #expect(KeyMap.defaults.press(for: event("KEY_PLAYPAUSE", value: 0)) == nil)
        #expect(KeyMap.defaults.press(for: event("KEY_NEXTSONG", value: 2)) == nil)
    }

    @Test func aHeldButtonActsOnce() {
        // What an IR receiver sends for a button held for half a second.
        let stream = [1, 2, 2, 2, 2, 0].map { event("KEY_NEXTSONG", value: $0) }
        #expect(stream.compactMap(KeyMap.defaults.press(for:)).map(\.command) == [.next])
    }

    @Test func otherEventTypesWithAKeyCodeAreIgnored() {
        // EV_MSC/MSC_SCAN carries scancodes; code 164 there is not KEY_PLAYPAUSE.
        #expect(KeyMap.defaults.press(for: event(type: EV_MSC, "KEY_PLAYPAUSE", value: 1)) == nil)
        #expect(KeyMap.defaults.press(for: event(type: EV_SYN, "KEY_PLAYPAUSE", value: 1)) == nil)
    }

    @Test func unboundKeysAreIgnored() throws {
        #expect(KeyMap.defaults.press(for: event("KEY_A", value: 1)) == nil)
        let map = try KeyMap(config: ["KEY_PLAYPAUSE": "none"])
        #expect(map.press(for: event("KEY_PLAYPAUSE", value: 1)) == nil)
    }
}
