import CDWallyKeys
import CEvdev
import Foundation
import Glibc
import TestSupport

/// A child's box as real kernel input devices made through uinput: buttons (`gpio-keys`) send
/// keys, a knob (`rotary-encoder`, `relative_axis=1`) sends a relative axis. Needs a writable
/// `/dev/uinput`, which the build machine lacks and the whole-machine guest has.
final class UInputBox {
    let name: String
    let node: String
    private var uinput: OpaquePointer?

    static var isAvailable: Bool { access("/dev/uinput", W_OK) == 0 }

    init(keys: [String] = [], axes: [String] = [], name: String) throws {
        self.name = name
        guard let template = libevdev_new() else { throw TestFailure("libevdev_new failed") }
        defer { libevdev_free(template) }
        libevdev_set_name(template, name)
        for key in keys {
            guard let code = KeyCode(name: key) else { throw TestFailure("unknown key \(key)") }
            libevdev_enable_event_code(template, UInt32(EV_KEY), UInt32(code.rawValue), nil)
        }
        for axis in axes {
            let code = libevdev_event_code_from_name(UInt32(EV_REL), axis)
            guard code >= 0 else { throw TestFailure("unknown axis \(axis)") }
            libevdev_enable_event_code(template, UInt32(EV_REL), UInt32(code), nil)
        }
        var created: OpaquePointer?
        let status = libevdev_uinput_create_from_device(
            template, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &created)
        guard status == 0, let created, let devnode = libevdev_uinput_get_devnode(created) else {
            throw TestFailure("libevdev_uinput_create_from_device: \(String(cString: strerror(-status)))")
        }
        uinput = created
        node = String(cString: devnode)
    }

    deinit {
        if let uinput { libevdev_uinput_destroy(uinput) }
    }

    /// One key event (1 press, 0 release) and its SYN_REPORT.
    func key(_ name: String, _ value: Int32) {
        guard let uinput, let code = KeyCode(name: name) else { return }
        write(uinput, EV_KEY, UInt32(code.rawValue), value)
    }

    /// `detents` of the knob in one report (negative: down), as a quick spin sends them.
    func turn(_ detents: Int32, axis: String = "REL_X") {
        guard let uinput else { return }
        write(uinput, EV_REL, UInt32(libevdev_event_code_from_name(UInt32(EV_REL), axis)), detents)
    }

    private func write(_ uinput: OpaquePointer, _ type: Int32, _ code: UInt32, _ value: Int32) {
        libevdev_uinput_write_event(uinput, UInt32(type), code, value)
        libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
    }
}
