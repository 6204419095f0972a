import CDWallySystem
import Glibc

/// Why the MPRIS server could not start or stopped. Without a session bus cdwally runs
/// without MPRIS: the caller logs the error once and goes on.
public enum MPRISError: Error, CustomStringConvertible {
    /// No session bus to connect to (none configured, or it did not answer).
    case noSessionBus(reason: String)
    /// The bus at an explicit address could not be reached.
    case cannotConnect(address: String, reason: String)
    /// A call into sd-bus or the system failed; `errno` is the positive error number.
    case callFailed(call: String, errno: Int32)

    public var description: String {
        switch self {
        case .noSessionBus(let reason):
            "no D-Bus session bus (\(reason)): running without MPRIS; media keys and playerctl "
                + "need a desktop or systemd --user session (DBUS_SESSION_BUS_ADDRESS)"
        case .cannotConnect(let address, let reason):
            "cannot connect to the D-Bus bus at \(address) (\(reason)): running without MPRIS"
        case .callFailed(let call, let errno):
            "MPRIS: \(call) failed: \(Self.message(errno)); media keys and playerctl will not reach cdwally"
        }
    }

    /// The one check every sd-bus and system status goes through: a negative result is a
    /// negated errno (sd-bus's convention; callers of libc pass `-errno`).
    @discardableResult
    static func check(_ status: Int32, _ call: @autoclosure () -> String) throws(MPRISError) -> Int32 {
        guard status < 0 else { return status }
        throw .callFailed(call: call(), errno: -status)
    }

    /// The text of an error number (`ErrnoText`).
    static func message(_ errno: Int32) -> String {
        ErrnoText.of(errno)
    }

    /// The negated errno to hand back to sd-bus from a callback.
    var status: Int32 {
        if case .callFailed(_, let errno) = self { return -errno }
        return -EIO
    }
}
