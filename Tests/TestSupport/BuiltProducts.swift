import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The products of the package build the tests run against.
public enum BuiltProducts {
    /// The `cdwally` executable: the test bundle sits in the build folder beside the products.
    public static let cdwally: String = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("cdwally").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return repository + "/.build/debug/cdwally"
    }()

    /// The small control client that the installed `cdwally` is, beside the full program.
    public static let cdwallyQuick: String =
        URL(fileURLWithPath: cdwally).deletingLastPathComponent().appendingPathComponent("cdwally-quick").path

    /// The `cdwally` executable where any user may run it, for tests that run it as `nobody`
    /// (setpriv): a clone in a 0700 folder, as /root is, keeps its build folder from every
    /// other user. A hard link to it (a copy across file systems), mode 0755, in a folder of
    /// the temporary directory open to all, made once per test process and removed at its end.
    public static let cdwallyForAnyUser: String = {
        guard let folder = openFolder else { return cdwally }
        let copy = folder + "/cdwally"
        if link(cdwally, copy) != 0 {
            try? FileManager.default.copyItem(atPath: cdwally, toPath: copy)
        }
        chmod(copy, 0o755)
        atexit {
            if let openFolder { try? FileManager.default.removeItem(atPath: openFolder) }
        }
        return copy
    }()

    /// The package's folder.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}

/// The folder of `cdwallyForAnyUser`: under the temporary directory, searchable by all.
private let openFolder: String? = {
    var template = Array("\(FileManager.default.temporaryDirectory.path)/cdwally-bin-XXXXXX".utf8CString)
    guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        return nil
    }
    chmod(created, 0o755)
    return String(cString: created)
}()
