import CDWallyCore
import CDWallyKeys
import CEvdev
import Foundation
import Glibc
import TestSupport

/// A real relative-axis device made through uinput, as the kernel's `rotary-encoder` overlay
/// with `relative_axis=1` makes one (its axis and nothing else), or a mouse when given
/// `BTN_LEFT`. Needs a writable `/dev/uinput`.
final class VirtualKnob {
    let name: String
    let node: RawPath
    private let template: OpaquePointer
    private var uinput: OpaquePointer?

    init(
        axes: [String] = ["REL_X"], keys: [String] = [],
        name: String = "rotary@\(UUID().uuidString.prefix(8))"
    ) throws {
        self.name = name
        guard let template = libevdev_new() else { throw TestFailure("libevdev_new failed") }
        self.template = template
        libevdev_set_name(template, name)
        libevdev_enable_event_type(template, UInt32(EV_REL))
        for axis in axes {
            let code = libevdev_event_code_from_name(UInt32(EV_REL), axis)
            guard code >= 0 else { throw TestFailure("unknown axis \(axis)") }
            libevdev_enable_event_code(template, UInt32(EV_REL), UInt32(code), nil)
        }
        if !keys.isEmpty { libevdev_enable_event_type(template, UInt32(EV_KEY)) }
        for key in keys {
            guard let code = KeyCode(name: key) else { throw TestFailure("unknown key \(key)") }
            libevdev_enable_event_code(template, UInt32(EV_KEY), UInt32(code.rawValue), nil)
        }
        var created: OpaquePointer?
        let status = libevdev_uinput_create_from_device(
            template, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &created)
        guard status == 0, let created, let devnode = libevdev_uinput_get_devnode(created) else {
            libevdev_free(template)
            throw TestFailure("libevdev_uinput_create_from_device: \(String(cString: strerror(-status)))")
        }
        uinput = created
        node = RawPath(String(cString: devnode))
    }

    deinit {
        if let uinput { libevdev_uinput_destroy(uinput) }
        libevdev_free(template)
    }

    /// Turns the knob `detents` (negative: the other way) in one report, as a quick spin does.
    func turn(_ detents: Int32, axis: String = "REL_X") {
        guard let uinput else { return }
        let code = libevdev_event_code_from_name(UInt32(EV_REL), axis)
        libevdev_uinput_write_event(uinput, UInt32(EV_REL), UInt32(code), detents)
        libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
    }
}
