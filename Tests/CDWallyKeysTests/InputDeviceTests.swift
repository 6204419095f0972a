import CDWallyCore
import Glibc
import TestSupport
import Testing

@testable import CDWallyKeys

/// `InputDevice` against real files and nodes that exist on any Linux machine. Opening a
/// working evdev node needs real hardware or uinput; see `UInputDeviceTests`.
@Suite struct InputDeviceTests {
    @Test func aRegularFileIsNotAnInputDevice() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.createFile("event0")
        #expect(throws: InputError.notAnInputDevice(file)) { try InputDevice(path: file) }
        #expect(InputError.notAnInputDevice(file).description.contains(file.display))
    }

    @Test func aFIFOIsNotAnInputDevice() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.child("event1")
        try #require(fifo.withCString { mkfifo($0, 0o644) } == 0)
        #expect(throws: InputError.notAnInputDevice(fifo)) { try InputDevice(path: fifo) }
    }

    @Test func anotherCharacterDeviceIsNotAnInputDevice() {
        #expect(throws: InputError.notAnInputDevice(RawPath("/dev/null"))) {
            try InputDevice(path: RawPath("/dev/null"))
        }
    }

    @Test func aDirectoryIsNotAnInputDevice() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: InputError.notAnInputDevice(directory.path)) { try InputDevice(path: directory.path) }
    }

    @Test func aMissingPathIsReportedAsMissing() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.child("event9")
        #expect(throws: InputError.deviceNotFound(missing)) { try InputDevice(path: missing) }
        let message = InputError.deviceNotFound(missing).description
        #expect(message.contains(missing.display) && message.contains("--input auto"))
    }

    @Test func aNonUTF8NameKeepsItsBytes() throws {
        let directory = try TemporaryDirectory()
        let name = RawPath(bytes: Array("event".utf8) + [0xFF, 0xFE])
        let file = try directory.createFile(name)
        #expect(throws: InputError.notAnInputDevice(file)) { try InputDevice(path: file) }
        #expect(InputError.notAnInputDevice(file).description.contains("event\u{FFFD}\u{FFFD}"))
    }

    @Test(.enabled(if: DeviceNode.canMakeNodes, "needs CAP_MKNOD to make a stale input node"))
    func aNodeWithoutItsDeviceIsUnplugged() throws {
        let directory = try TemporaryDirectory()
        let node = try #require(DeviceNode.makeStaleEventNode(at: directory.child("event2")))
        #expect(throws: InputError.deviceUnplugged(node)) { try InputDevice(path: node) }
    }

    @Test(.enabled(if: FileAccessDrop.isAvailable, "needs a way to run a thread without root's file access"))
    func noPermissionNamesTheDeviceAndTheFix() throws {
        let directory = try TemporaryDirectory()
        let node = try directory.createFile("event3", mode: 0o600)
        if geteuid() != 0 { _ = node.withCString { chmod($0, 0) } }
        let outcome = FileAccessDrop.onDroppedThread { () -> InputError? in
            do throws(InputError) {
                _ = try InputDevice(path: node)
                return nil
            } catch {
                return error
            }
        }
        #expect(outcome == .permissionDenied(node))
        let message = InputError.permissionDenied(node).description
        #expect(message.contains(node.display))
        #expect(message.contains("sudo usermod -aG input $USER"))
        #expect(message.contains("log in again"))
        #expect(!message.contains("\n"))
    }

    @Test func systemCallFailuresCarryTheCallAndTheMessage() {
        let error = InputError.status(errno: EMFILE, call: "inotify_init1", path: nil)
        #expect(error == .systemCallFailed(call: "inotify_init1", path: nil, message: "Too many open files"))
        #expect(error.description == "evdev input: inotify_init1 failed: Too many open files")
        #expect(
            InputError.status(errno: EACCES, call: "open", path: RawPath("/dev/input/event4"))
                == .permissionDenied(RawPath("/dev/input/event4")))
    }
}
