import CDWallyCore

/// Something the input reader wants a person to know about, outside of key presses. None of
/// these stop the reader; the front end decides which to log and at what level.
public enum InputNotice: Sendable, Equatable, CustomStringConvertible {
    /// A device is open and its bound keys will be reported.
    case opened(path: RawPath, name: String)
    /// A device went away (unplugged, or its node was replaced) and was closed.
    case removed(path: RawPath, name: String)
    /// A device sends none of the bound keys. In `auto` mode it is left alone; a device
    /// named explicitly stays open (`kept`), as its keymap may be loaded later.
    case noMappedKeys(path: RawPath, name: String, kept: Bool)
    /// A device is a configured card reader (`[cards] reader`), so it is not read for keys.
    case cardReader(path: RawPath, name: String)
    /// A device could not be used: no permission (reported once the udev grace period is
    /// over), not an evdev node, a failed read or grab.
    case problem(InputError)

    public var description: String {
        switch self {
        case .opened(let path, let name):
            return "reading media keys from \(path) (\(name))"
        case .removed(let path, let name):
            return "input device \(path) (\(name)) is gone"
        case .noMappedKeys(let path, let name, let kept):
            return "\(path) (\(name)) sends none of the mapped media keys"
                + (kept ? "; listening anyway" : "; not used")
        case .cardReader(let path, let name):
            return "\(path) (\(name)) is the card reader ([cards] reader); not read for keys"
        case .problem(let error):
            return error.description
        }
    }
}
