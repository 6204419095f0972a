import CEvdev
import Foundation

/// A Linux key code (`EV_KEY` event code, as in `linux/input-event-codes.h`), with its name.
///
/// Names come from libevdev's generated tables, so every key the kernel headers know is
/// accepted without a hand-written list going stale.
public struct KeyCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Looks a key up by name: any case, with or without the `KEY_` prefix
    /// (`KEY_PLAYPAUSE`, `playpause`). `BTN_` names work too. Nil for an unknown name.
    public init?(name: String) {
        let upper = name.trimmingCharacters(in: .whitespaces).uppercased()
        guard !upper.isEmpty, upper.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else { return nil }
        let candidates = upper.hasPrefix("KEY_") || upper.hasPrefix("BTN_") ? [upper] : ["KEY_" + upper]
        for candidate in candidates {
            let code = libevdev_event_code_from_name(UInt32(EV_KEY), candidate)
            if code >= 0, let value = UInt16(exactly: code) {
                self.rawValue = value
                return
            }
        }
        return nil
    }

    /// The kernel's name (`KEY_PLAYPAUSE`), or `KEY_<number>` for a code libevdev does not name.
    public var name: String {
        guard let cName = libevdev_event_code_get_name(UInt32(EV_KEY), UInt32(rawValue)) else {
            return "KEY_\(rawValue)"
        }
        return String(cString: cName)
    }

    public var description: String { name }

    public static func < (lhs: KeyCode, rhs: KeyCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
