import CEvdev
import Foundation
import Glibc
import TestSupport

/// A keyboard-wedge card reader made through uinput, for tests of the built binary: digits and
/// Enter, and a media key as many readers also claim. Needs a writable `/dev/uinput` (the
/// whole-machine guest; the build machine has none).
final class UInputCardReader {
    let name: String
    private let template: OpaquePointer
    private var uinput: OpaquePointer?

    static var isAvailable: Bool { access("/dev/uinput", W_OK) == 0 }

    private static let keys = (0...9).map { "KEY_\($0)" } + ["KEY_ENTER", "KEY_PLAYPAUSE"]

    init(name: String) throws {
        self.name = name
        guard let template = libevdev_new() else { throw TestFailure("libevdev_new failed") }
        self.template = template
        libevdev_set_name(template, name)
        libevdev_enable_event_type(template, UInt32(EV_KEY))
        for key in Self.keys {
            libevdev_enable_event_code(template, UInt32(EV_KEY), UInt32(Self.code(key)), nil)
        }
        var created: OpaquePointer?
        let status = libevdev_uinput_create_from_device(
            template, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &created)
        guard status == 0, let created else {
            libevdev_free(template)
            throw TestFailure("libevdev_uinput_create_from_device: \(String(cString: strerror(-status)))")
        }
        uinput = created
    }

    deinit {
        if let uinput { libevdev_uinput_destroy(uinput) }
        libevdev_free(template)
    }

    /// Types `text` (digits; a newline is Enter) as a reader does.
    func type(_ text: String) {
        guard let uinput else { return }
        for character in text {
            let code = Self.code(character == "\n" ? "KEY_ENTER" : "KEY_\(character)")
            for value: Int32 in [1, 0] {
                libevdev_uinput_write_event(uinput, UInt32(EV_KEY), UInt32(code), value)
                libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
            }
        }
    }

    private static func code(_ name: String) -> Int32 {
        libevdev_event_code_from_name(UInt32(EV_KEY), name)
    }
}
