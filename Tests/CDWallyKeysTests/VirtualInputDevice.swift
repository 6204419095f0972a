import CDWallyCore
import CDWallyKeys
import CEvdev
import Foundation
import Glibc
import TestSupport

/// A real evdev device made through uinput, as BlueZ does for a Bluetooth headset: the
/// kernel creates its `/dev/input/eventN` node and delivers what `send` writes to every
/// reader of it. Needs a writable `/dev/uinput`.
final class VirtualInputDevice {
    let name: String
    let node: RawPath
    private let template: OpaquePointer
    private var uinput: OpaquePointer?

    static var isAvailable: Bool { access("/dev/uinput", W_OK) == 0 }

    init(keys: [String], name: String = "cdwally test remote \(UUID().uuidString.prefix(8))") throws {
        self.name = name
        guard let template = libevdev_new() else { throw TestFailure("libevdev_new failed") }
        self.template = template
        libevdev_set_name(template, name)
        libevdev_enable_event_type(template, UInt32(EV_KEY))
        for key in keys {
            guard let code = KeyCode(name: key) else { throw TestFailure("unknown key \(key)") }
            libevdev_enable_event_code(template, UInt32(EV_KEY), UInt32(code.rawValue), nil)
        }
        var created: OpaquePointer?
        let status = libevdev_uinput_create_from_device(
            template, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &created)
        guard status == 0, let created else {
            libevdev_free(template)
            throw TestFailure("libevdev_uinput_create_from_device: \(String(cString: strerror(-status)))")
        }
        uinput = created
        guard let devnode = libevdev_uinput_get_devnode(created) else {
            libevdev_uinput_destroy(created)
            libevdev_free(template)
            throw TestFailure("uinput device has no /dev/input node (no sysfs?)")
        }
        node = RawPath(String(cString: devnode))
    }

    deinit {
        unplug()
        libevdev_free(template)
    }

    /// Sends one key event (1 press, 2 repeat, 0 release) and the SYN_REPORT closing it.
    func send(_ key: String, value: Int32) {
        guard let uinput, let code = KeyCode(name: key) else { return }
        libevdev_uinput_write_event(uinput, UInt32(EV_KEY), UInt32(code.rawValue), value)
        libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
    }

    /// Removes the device, as pulling the plug would.
    func unplug() {
        guard let uinput else { return }
        libevdev_uinput_destroy(uinput)
        self.uinput = nil
    }
}
