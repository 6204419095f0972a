import SystemPackage

/// The one place an errno becomes words for a message: swift-system's `Errno`, whose
/// description is the C library's text (strerror). Modules keep their own typed errors and
/// put this text in them.
public enum ErrnoText {
    public static func of(_ code: Int32) -> String {
        Errno(rawValue: code).description
    }
}
