import CDWallyCore

/// Everything that can go wrong reading media keys from evdev, each case carrying what
/// its one-line message needs.
public enum InputError: Error, Equatable, CustomStringConvertible {
    /// A `[keys]` entry names a key libevdev does not know.
    case unknownKeyName(String, file: RawPath?)
    /// A `[keys]` entry's value is not an action name.
    case unknownAction(String, key: String, file: RawPath?)
    /// Two `[keys]` entries spell the same key and bind it differently.
    case conflictingBindings(key: String, first: String, second: String, file: RawPath?)
    /// `[knob] axis` names no relative axis libevdev knows.
    case unknownAxisName(String, file: RawPath?)
    /// An explicitly named device path does not exist.
    case deviceNotFound(RawPath)
    /// The node exists but this user may not read it (not in the `input` group).
    case permissionDenied(RawPath)
    /// The path opens but does not answer evdev ioctls: a regular file, a FIFO, another device.
    case notAnInputDevice(RawPath)
    /// The node is there but its device is gone (ENODEV/ENXIO): unplugged.
    case deviceUnplugged(RawPath)
    /// Any other failed system or libevdev call, with the C library's message.
    case systemCallFailed(call: String, path: RawPath?, message: String)

    public var description: String {
        switch self {
        case .unknownKeyName(let name, let file):
            return "\(Self.keysTable(file)): unknown key name \"\(name)\"; use a name from "
                + "linux/input-event-codes.h such as KEY_PLAYPAUSE (`evtest` shows what a remote sends)"
        case .unknownAction(let action, let key, let file):
            let names = KeyActionName.table.map(\.name).joined(separator: ", ")
            return "\(Self.keysTable(file)): \(key) = \"\(action)\" is not an action; "
                + "use one of \(names), or none"
        case .conflictingBindings(let key, let first, let second, let file):
            return "\(Self.keysTable(file)): \"\(first)\" and \"\(second)\" are both \(key) "
                + "with different actions; keep one of them"
        case .unknownAxisName(let name, let file):
            let table = file.map { "[knob] in \($0)" } ?? "[knob]"
            return "\(table): axis = \"\(name)\" is not a relative axis; use REL_X (the rotary-encoder "
                + "overlay's default), REL_DIAL or REL_WHEEL (`evtest` shows what the knob sends)"
        case .deviceNotFound(let path):
            return "input device \(path) does not exist; see `ls -l /dev/input/by-id` for "
                + "devices, or use --input auto"
        case .permissionDenied(let path):
            return "no permission to read input device \(path); add your user to the input group "
                + "(sudo usermod -aG input $USER), then log in again"
        case .notAnInputDevice(let path):
            return "\(path) is not an evdev input device; give a /dev/input/event* node or use --input auto"
        case .deviceUnplugged(let path):
            return "input device \(path) is gone (unplugged?); plug it in again or use --input auto"
        case .systemCallFailed(let call, let path, let message):
            let target = path.map { " on \($0)" } ?? ""
            return "evdev input: \(call) failed\(target): \(message)"
        }
    }

    private static func keysTable(_ file: RawPath?) -> String {
        file.map { "[keys] in \($0)" } ?? "[keys]"
    }
}
