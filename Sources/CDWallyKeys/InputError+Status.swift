import CDWallyCore
import CDWallySystem
import Glibc

extension InputError {
    /// The one place a C status becomes an `InputError`: errno values that mean something to
    /// a user get their own case, anything else keeps the call's name and the errno's text.
    static func status(errno code: Int32, call: String, path: RawPath?) -> InputError {
        if let path {
            switch code {
            case ENOENT: return .deviceNotFound(path)
            case EACCES, EPERM: return .permissionDenied(path)
            // ENOTTY: the kernel's answer to an evdev ioctl on anything else. ENOSYS: the same
            // answer where the ioctl is not passed to a kernel at all (qemu-user, gVisor).
            case ENOTTY, ENOSYS: return .notAnInputDevice(path)
            case ENODEV, ENXIO: return .deviceUnplugged(path)
            default: break
            }
        }
        return .systemCallFailed(call: call, path: path, message: ErrnoText.of(code))
    }

    /// Checks a libc call that returns -1 and sets errno; passes any other result through.
    @discardableResult
    static func checkSystemCall(_ result: Int32, _ call: String, path: RawPath? = nil) throws(InputError)
        -> Int32
    {
        guard result == -1 else { return result }
        throw status(errno: errno, call: call, path: path)
    }

    /// Checks a libevdev call, which returns a negative errno on failure.
    @discardableResult
    static func checkLibevdev(_ result: Int32, _ call: String, path: RawPath?) throws(InputError) -> Int32 {
        guard result < 0 else { return result }
        throw status(errno: -result, call: call, path: path)
    }
}
