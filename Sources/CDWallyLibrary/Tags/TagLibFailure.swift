import CTagLib

/// A failed call into the CTagLib shim: which call, its status, the `errno` behind it and
/// the shim's message. Internal: the public wrappers turn it into their own typed errors.
struct TagLibFailure: Error {
    let call: String
    let status: ctaglib_status
    let osError: Int32
    let message: String

    /// The one place a shim status is checked. Always releases `error`, and throws when
    /// `status` is not `CTAGLIB_OK`.
    static func check(
        _ status: ctaglib_status, call: String, error: inout ctaglib_error
    ) throws(TagLibFailure) {
        defer { ctaglib_error_free(&error) }
        guard status != CTAGLIB_OK else { return }
        let message = error.message.map { String(cString: $0) } ?? "status \(status.rawValue)"
        throw TagLibFailure(call: call, status: status, osError: error.os_error, message: message)
    }
}
