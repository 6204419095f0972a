import CDWallyCore
import CDWallySystem
import Glibc

extension ControlError {
    /// The one place a failed system call becomes a `ControlError`: a permission errno on a
    /// path gets its own case, anything else keeps the call's name and the errno's text.
    static func status(errno code: Int32, call: String, path: RawPath?) -> ControlError {
        if let path, code == EACCES || code == EPERM { return .permissionDenied(path: path) }
        return .systemCallFailed(call: call, path: path, message: ErrnoText.of(code))
    }

    /// Checks a libc call that returns -1 and sets errno; passes any other result through.
    @discardableResult
    static func check(_ result: Int32, _ call: @autoclosure () -> String, path: RawPath? = nil)
        throws(ControlError) -> Int32
    {
        guard result == -1 else { return result }
        let code = errno
        throw status(errno: code, call: call(), path: path)
    }
}
