import CDWallyCore
import CDWallyVocabulary
import Testing

@testable import CDWallyKeys

/// A knob and a box's buttons as real kernel devices (docs/PRODUCT.md §11). They need a writable
/// `/dev/uinput`: skipped on the build machine, run in the whole-machine guest.
@Suite(.enabled(if: VirtualInputDevice.isAvailable, "needs a writable /dev/uinput (modprobe uinput)"))
struct KnobUInputTests {
    private let up = PlayerCommand.volume(.by(KeyActionName.volumeStep))
    private let down = PlayerCommand.volume(.by(-KeyActionName.volumeStep))

    @Test func autoOpensAKnobAndEachDetentIsOneStepInOrder() async throws {
        let recorder = InputRecorder()
        let input = InputKeyReader(
            selection: .auto, onNotice: recorder.noticeHandler, onPress: recorder.pressHandler)
        try await input.start()
        defer { input.stop() }
        let knob = try VirtualKnob()
        #expect(await recorder.waitForNotice(.opened(path: knob.node, name: knob.name)))
        knob.turn(1)
        knob.turn(3)
        knob.turn(-1)
        let mine = { (presses: [InputRecorder.Press]) in
            presses.filter { $0.device == knob.name }.map(\.command)
        }
        #expect(await recorder.waitForPresses { mine($0).count >= 5 })
        #expect(mine(recorder.recordedPresses) == [up, up, up, up, down])
    }

    @Test func autoLeavesAMouseAlone() async throws {
        let recorder = InputRecorder()
        let input = InputKeyReader(
            selection: .auto, onNotice: recorder.noticeHandler, onPress: recorder.pressHandler)
        try await input.start()
        defer { input.stop() }
        let mouse = try VirtualKnob(axes: ["REL_X", "REL_Y", "REL_WHEEL"], keys: ["BTN_LEFT", "BTN_RIGHT"])
        #expect(await recorder.waitForNotice(.noMappedKeys(path: mouse.node, name: mouse.name, kept: false)))
    }

    @Test func aLongPressOfNextChangesDiscAndATapChangesTrack() async throws {
        let recorder = InputRecorder()
        let box = try VirtualInputDevice(keys: ["KEY_NEXTSONG"])
        let input = InputKeyReader(
            selection: .devices([box.node]),
            keyMap: try KeyMap(config: [:], long: ["KEY_NEXTSONG": "next-disc"]),
            onNotice: recorder.noticeHandler, onPress: recorder.pressHandler)
        try await input.start()
        defer { input.stop() }
        box.send("KEY_NEXTSONG", value: 1)
        box.send("KEY_NEXTSONG", value: 0)
        #expect(await recorder.waitForPresses { $0.count >= 1 })
        box.send("KEY_NEXTSONG", value: 1)
        // Acted while still held: the reader's timer, not the release.
        #expect(await recorder.waitForPresses { $0.count >= 2 })
        box.send("KEY_NEXTSONG", value: 0)
        try await Task.sleep(for: .milliseconds(300))
        #expect(recorder.recordedPresses.map(\.command) == [.next, .nextDisc])
    }
}
