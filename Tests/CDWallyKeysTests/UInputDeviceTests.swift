import CDWallyCore
import Testing

@testable import CDWallyKeys

/// End to end with a real kernel input device. These need `/dev/uinput` (the `uinput` module
/// and write access to it: root, or a udev rule); the build machine has none, so they are
/// reported as skipped there, never passed without running.
@Suite(.enabled(if: VirtualInputDevice.isAvailable, "needs a writable /dev/uinput (modprobe uinput)"))
struct UInputDeviceTests {
    @Test func autoModeReportsPressesOnlyAndDropsTheUnpluggedDevice() async throws {
        let recorder = InputRecorder()
        let input = InputKeyReader(
            selection: .auto, onNotice: recorder.noticeHandler, onPress: recorder.pressHandler)
        try await input.start()
        defer { input.stop() }

        // Plugged in after start: found through inotify, like a headset connecting.
        let remote = try VirtualInputDevice(keys: ["KEY_PLAYPAUSE", "KEY_NEXTSONG", "KEY_A"])
        #expect(await recorder.waitForNotice(.opened(path: remote.node, name: remote.name)))

        remote.send("KEY_PLAYPAUSE", value: 1)
        remote.send("KEY_PLAYPAUSE", value: 2)
        remote.send("KEY_PLAYPAUSE", value: 2)
        remote.send("KEY_PLAYPAUSE", value: 0)
        remote.send("KEY_A", value: 1)
        remote.send("KEY_A", value: 0)
        remote.send("KEY_NEXTSONG", value: 1)
        remote.send("KEY_NEXTSONG", value: 0)
        let mine: ([InputRecorder.Press]) -> [InputRecorder.Press] = {
            $0.filter { $0.device == remote.name }
        }
        #expect(await recorder.waitForPresses { mine($0).count >= 2 })

        // auto never grabs: we can still take the device exclusively ourselves.
        let probe = try InputDevice(path: remote.node, grab: true)
        probe.close()

        remote.unplug()
        #expect(await recorder.waitForNotice(.removed(path: remote.node, name: remote.name)))
        #expect(
            mine(recorder.recordedPresses) == [
                .init(command: .toggle, device: remote.name), .init(command: .next, device: remote.name),
            ])
    }

    @Test func autoModeLeavesDevicesWithoutMappedKeysAlone() async throws {
        let recorder = InputRecorder()
        let input = InputKeyReader(
            selection: .auto, onNotice: recorder.noticeHandler, onPress: recorder.pressHandler)
        try await input.start()
        defer { input.stop() }
        let keypad = try VirtualInputDevice(keys: ["KEY_A", "KEY_B"])
        #expect(
            await recorder.waitForNotice(.noMappedKeys(path: keypad.node, name: keypad.name, kept: false)))
    }

    @Test func anExplicitDeviceCanBeGrabbedAndIsReleasedOnStop() async throws {
        let remote = try VirtualInputDevice(keys: ["KEY_PLAYCD", "KEY_PAUSECD"])
        let recorder = InputRecorder()
        let input = InputKeyReader(
            selection: .devices([remote.node], grab: true), onNotice: recorder.noticeHandler,
            onPress: recorder.pressHandler)
        try await input.start()
        #expect(recorder.recordedNotices.contains(.opened(path: remote.node, name: remote.name)))
        let exclusive = try #require(throws: InputError.self) {
            try InputDevice(path: remote.node, grab: true)
        }
        #expect(exclusive.description.contains("libevdev_grab"))

        remote.send("KEY_PLAYCD", value: 1)
        remote.send("KEY_PLAYCD", value: 0)
        remote.send("KEY_PAUSECD", value: 1)
        remote.send("KEY_PAUSECD", value: 0)
        #expect(await recorder.waitForPresses { $0.count >= 2 })
        #expect(recorder.recordedPresses.map(\.command) == [.resume, .pause])

        input.stop()
        let probe = try InputDevice(path: remote.node, grab: true)
        probe.close()
    }
}
