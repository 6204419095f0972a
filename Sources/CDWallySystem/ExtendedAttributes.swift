import CDWallyCore
import CExtendedAttributes

#if canImport(Glibc)
    import Glibc
#endif

/// A file's extended attributes, so that a file replaced by a rename keeps the ones its writer
/// may give it (docs/PRODUCT.md §11): its POSIX ACL (`system.posix_acl_access`) and the
/// user's own (`user.*`). Any other (`security.*`, `trusted.*`) a writer cannot be sure to give
/// a new file, so a file that has one is written in place instead (`UserFileEdit`).
///
/// Threads: any; blocking (file system calls).
enum ExtendedAttributes {
    /// The names a writer gives the new file itself.
    static func isCopied(_ name: [UInt8]) -> Bool {
        name == Array("system.posix_acl_access".utf8) || name.starts(with: Array("user.".utf8))
    }

    /// The file's attribute names; empty where the file system has none, nil where they
    /// cannot be listed (then nothing is assumed about them).
    static func names(of path: RawPath) -> [[UInt8]]? {
        for _ in 0..<4 {
            let size = path.withCString { cxattr_list($0, nil, 0) }
            if size < 0 { return errno == ENOTSUP ? [] : nil }
            if size == 0 { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            let filled = path.withCString { cxattr_list($0, &buffer, size) }
            // ERANGE: one was added between the two calls.
            if filled < 0 && errno == ERANGE { continue }
            guard filled >= 0 else { return errno == ENOTSUP ? [] : nil }
            return buffer[0..<filled].split(separator: 0).map { $0.map { UInt8(bitPattern: $0) } }
        }
        return nil
    }

    /// Gives the file open at `descriptor` every attribute of `source` that `isCopied`; false
    /// when one could not be read or given (the new file would lose it).
    static func copy(_ names: [[UInt8]], from source: RawPath, to descriptor: Int32) -> Bool {
        for name in names where isCopied(name) {
            let key = name.map { CChar(bitPattern: $0) } + [0]
            let size = source.withCString { cxattr_get($0, key, nil, 0) }
            guard size >= 0 else { return false }
            var value = [UInt8](repeating: 0, count: size)
            let read = source.withCString { cxattr_get($0, key, &value, size) }
            guard read == size, cxattr_fset(descriptor, key, value, size) == 0 else { return false }
        }
        return true
    }
}
