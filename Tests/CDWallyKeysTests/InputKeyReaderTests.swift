import CDWallyCore
import CDWallySystem
import Foundation
import Glibc
import TestSupport
import Testing

@testable import CDWallyKeys

/// The reader's thread, inotify hot-plug, permission retry and explicit-device errors,
/// against a temporary directory standing in for `/dev/input`. Nothing here makes a working
/// evdev node (that needs uinput, see `UInputDeviceTests`), so "a device was looked at"
/// shows as the notice for a node that is not an input device.
@Suite struct InputKeyReaderTests {
    private func reader(
        _ selection: InputSelection = .auto, directory: RawPath, recorder: InputRecorder,
        grace: Duration = .seconds(3), dropFileAccess: Bool = false
    ) -> InputKeyReader {
        var setup: (@Sendable () -> Void)?
        if dropFileAccess { setup = { FileAccessDrop.dropOnCurrentThread() } }
        return InputKeyReader(
            selection: selection, keyMap: .defaults, directory: directory, permissionGrace: grace,
            threadSetup: setup,
            onNotice: recorder.noticeHandler, onPress: recorder.pressHandler)
    }

    private func notInput(_ path: RawPath) -> InputNotice { .problem(.notAnInputDevice(path)) }

    @Test func nodesPresentAtStartAreLookedAtBeforeStartReturns() async throws {
        let directory = try TemporaryDirectory()
        let event = try directory.createFile("event0")
        try directory.createFile("mouse0")
        let recorder = InputRecorder()
        let input = reader(directory: directory.path, recorder: recorder)
        try await input.start()
        defer { input.stop() }
        // Only event* nodes are candidates; the scan is done when start() returns.
        #expect(recorder.recordedNotices == [notInput(event)])
    }

    @Test func hotPluggedNodesArePickedUp() async throws {
        let directory = try TemporaryDirectory()
        let recorder = InputRecorder()
        let input = reader(directory: directory.path, recorder: recorder)
        try await input.start()
        defer { input.stop() }
        #expect(recorder.recordedNotices.isEmpty)

        try directory.createFile("js0")
        let first = try directory.createFile("event5")
        #expect(await recorder.waitForNotice(notInput(first)))
        // A node moved in under its final name (how udev makes by-id links) counts too.
        let staged = try directory.createFile(".tmp-event6")
        let renamed = directory.child("event6")
        try #require(rename(staged.display, renamed.display) == 0)
        #expect(await recorder.waitForNotice(notInput(renamed)))
        // Events arrive in order, so js0 (created first) was seen and passed over quietly.
        #expect(recorder.recordedNotices == [notInput(first), notInput(renamed)])
    }

    @Test func attributeChangesDoNotReopenNodesThatDidNotRefuse() async throws {
        let directory = try TemporaryDirectory()
        let recorder = InputRecorder()
        let input = reader(directory: directory.path, recorder: recorder)
        try await input.start()
        defer { input.stop() }
        let event = try directory.createFile("event1")
        #expect(await recorder.waitForNotice(notInput(event)))
        _ = event.withCString { chmod($0, 0o640) }
        let marker = try directory.createFile("event2")
        #expect(await recorder.waitForNotice(notInput(marker)))
        #expect(recorder.recordedNotices == [notInput(event), notInput(marker)])
    }

    @Test(.enabled(if: DeviceNode.canMakeNodes, "needs CAP_MKNOD to make a stale input node"))
    func aNodeWhoseDeviceIsGoneIsDroppedSilently() async throws {
        let directory = try TemporaryDirectory()
        let recorder = InputRecorder()
        let input = reader(directory: directory.path, recorder: recorder)
        try await input.start()
        defer { input.stop() }
        try #require(DeviceNode.makeStaleEventNode(at: directory.child("event7")) != nil)
        let marker = try directory.createFile("event8")
        #expect(await recorder.waitForNotice(notInput(marker)))
        #expect(recorder.recordedNotices == [notInput(marker)])
    }

    @Test func aMissingInputDirectoryIsWaitedFor() async throws {
        // devtmpfs removes /dev/input with its last device and makes it again for the next.
        let parent = try TemporaryDirectory()
        let directory = parent.child("input")
        let recorder = InputRecorder()
        let input = reader(directory: directory, recorder: recorder)
        try await input.start()
        defer { input.stop() }

        try #require(mkdir(directory.display, 0o755) == 0)
        let first = directory.appending("event0")
        try TemporaryDirectory.writeFile(at: first)
        #expect(await recorder.waitForNotice(notInput(first)))

        try FileManager.default.removeItem(atPath: directory.display)
        try #require(mkdir(directory.display, 0o755) == 0)
        let second = directory.appending("event1")
        try TemporaryDirectory.writeFile(at: second)
        #expect(await recorder.waitForNotice(notInput(second)))
    }

    @Test func aMissingDirectoryTwoLevelsDownIsWaitedFor() async throws {
        let parent = try TemporaryDirectory()
        let directory = parent.child("dev/input")
        let recorder = InputRecorder()
        let input = reader(directory: directory, recorder: recorder)
        try await input.start()
        defer { input.stop() }
        try FileManager.default.createDirectory(atPath: directory.display, withIntermediateDirectories: true)
        let node = directory.appending("event0")
        try TemporaryDirectory.writeFile(at: node)
        #expect(await recorder.waitForNotice(notInput(node)))
    }

    @Test func aDirectoryMadeWithItsNodesAlreadyInsideIsScanned() async throws {
        let parent = try TemporaryDirectory()
        let directory = parent.child("input")
        let recorder = InputRecorder()
        let input = reader(directory: directory, recorder: recorder)
        try await input.start()
        defer { input.stop() }
        // Made elsewhere and moved in whole: no IN_CREATE for the node inside ever comes.
        let staging = parent.child("staging")
        try #require(mkdir(staging.display, 0o755) == 0)
        try TemporaryDirectory.writeFile(at: staging.appending("event3"))
        try #require(rename(staging.display, directory.display) == 0)
        #expect(await recorder.waitForNotice(notInput(directory.appending("event3"))))
    }

    @Test(.enabled(if: FileAccessDrop.isAvailable, "needs a way to run a thread without root's file access"))
    func aNewNodeThatRefusesIsRetriedWhenItsModeChanges() async throws {
        let directory = try TemporaryDirectory()
        let recorder = InputRecorder()
        let input = reader(
            directory: directory.path, recorder: recorder, grace: .milliseconds(200), dropFileAccess: true)
        try await input.start()
        defer { input.stop() }

        // As devtmpfs makes it: readable by root only, until udev sets the group.
        let node = try directory.createFile("event4", mode: 0o600)
        if geteuid() != 0 { _ = node.withCString { chmod($0, 0) } }
        #expect(await recorder.waitForNotice(.problem(.permissionDenied(node))))
        // udev's chmod/chgrp is an IN_ATTRIB: the node is tried again and now opens.
        _ = node.withCString { chmod($0, 0o644) }
        #expect(await recorder.waitForNotice(notInput(node)))
        #expect(recorder.recordedNotices == [.problem(.permissionDenied(node)), notInput(node)])
    }

    @Test(.enabled(if: FileAccessDrop.isAvailable, "needs a way to run a thread without root's file access"))
    func aNodeFixedWithinTheGracePeriodIsNeverReported() async throws {
        let directory = try TemporaryDirectory()
        let recorder = InputRecorder()
        let input = reader(
            directory: directory.path, recorder: recorder, grace: .seconds(60), dropFileAccess: true)
        try await input.start()
        defer { input.stop() }
        let node = try directory.createFile("event4", mode: 0o600)
        if geteuid() != 0 { _ = node.withCString { chmod($0, 0) } }
        let marker = try directory.createFile("event5")
        #expect(await recorder.waitForNotice(notInput(marker)))
        _ = node.withCString { chmod($0, 0o644) }
        #expect(await recorder.waitForNotice(notInput(node)))
        #expect(!recorder.recordedNotices.contains(.problem(.permissionDenied(node))))
    }

    @Test(.enabled(if: FileAccessDrop.isAvailable, "needs a way to run a thread without root's file access"))
    func aNodeThatRefusesAtStartIsReportedAtOnce() async throws {
        let directory = try TemporaryDirectory()
        let node = try directory.createFile("event0", mode: 0o600)
        if geteuid() != 0 { _ = node.withCString { chmod($0, 0) } }
        let recorder = InputRecorder()
        let input = reader(
            directory: directory.path, recorder: recorder, grace: .seconds(60), dropFileAccess: true)
        try await input.start()
        defer { input.stop() }
        #expect(recorder.recordedNotices == [.problem(.permissionDenied(node))])
    }

    @Test func anExplicitDeviceThatDoesNotExistIsAnError() async throws {
        let directory = try TemporaryDirectory()
        let missing = directory.child("by-id/usb-remote-event-kbd")
        let input = reader(.devices([missing]), directory: directory.path, recorder: InputRecorder())
        await #expect(throws: InputError.deviceNotFound(missing)) { try await input.start() }
        // A failed start leaves the reader stopped and startable.
        await #expect(throws: InputError.deviceNotFound(missing)) { try await input.start() }
    }

    @Test func anExplicitPathThatIsNotAnInputDeviceIsAnError() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.createFile("remote")
        let input = reader(.devices([file], grab: true), directory: directory.path, recorder: InputRecorder())
        await #expect(throws: InputError.notAnInputDevice(file)) { try await input.start() }
    }

    @Test(.enabled(if: FileAccessDrop.isAvailable, "needs a way to run a thread without root's file access"))
    func anExplicitDeviceWithoutPermissionIsAnError() async throws {
        let directory = try TemporaryDirectory()
        let node = try directory.createFile("event0", mode: 0o600)
        if geteuid() != 0 { _ = node.withCString { chmod($0, 0) } }
        let input = reader(
            .devices([node]), directory: directory.path, recorder: InputRecorder(), dropFileAccess: true)
        await #expect(throws: InputError.permissionDenied(node)) { try await input.start() }
    }

    @Test func stopEndsTheThreadAndMayBeRepeated() async throws {
        let directory = try TemporaryDirectory()
        let recorder = InputRecorder()
        let input = reader(directory: directory.path, recorder: recorder)
        input.stop()  // before start: nothing to do
        try await input.start()
        try await input.start()  // already running: nothing to do
        input.stop()
        input.stop()
        // stop() returned after the thread ended, so a node made now is never seen.
        try directory.createFile("event0")
        try await Task.sleep(for: .milliseconds(300))
        #expect(recorder.recordedNotices.isEmpty)

        // And the reader starts again with a fresh scan.
        try await input.start()
        defer { input.stop() }
        #expect(recorder.recordedNotices == [notInput(directory.child("event0"))])
    }

    @Test func aHandlerMayStopTheReaderFromItsOwnThread() async throws {
        let directory = try TemporaryDirectory()
        let recorder = InputRecorder()
        let box = ReaderBox()
        let input = InputKeyReader(
            selection: .auto, directory: directory.path,
            onNotice: { notice in
                recorder.noticeHandler(notice)
                box.reader.withLock { $0 }?.stop()
            },
            onPress: recorder.pressHandler)
        box.reader.withLock { $0 = input }
        try await input.start()
        let first = try directory.createFile("event0")
        #expect(await recorder.waitForNotice(notInput(first)))
        // The first notice stopped it: later nodes go unseen.
        try directory.createFile("event1")
        try await Task.sleep(for: .milliseconds(300))
        #expect(recorder.recordedNotices == [notInput(first)])
        input.stop()
    }
}

/// Lets a handler reach the reader it belongs to.
private final class ReaderBox: Sendable {
    let reader = LockedValue<InputKeyReader?>(nil)
}
