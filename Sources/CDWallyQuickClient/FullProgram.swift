import Glibc

/// The full cdwally, which this program becomes for every command it does not answer itself:
/// `../libexec/cdwally/cdwally` from this program's folder where it is installed
/// (`make install`, the package), else `cdwally` beside it (the build folder). The process,
/// its pid and its arguments stay the same (`execv`), so a unit's `ExecStart` and a shell's
/// job are still the command.
public enum FullProgram {
    public static func run(_ arguments: [String]) -> Never {
        let ownPath = String(decoding: link("/proc/self/exe"), as: UTF8.self)
        let folder = ownPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
            separator: "/")
        var own = stat()
        let ownIdentity = stat("/proc/self/exe", &own) == 0 ? (own.st_dev, own.st_ino) : nil
        for candidate in [folder + "/../libexec/cdwally/cdwally", folder + "/cdwally"] {
            var info = stat()
            // Never itself: an install that lost the full program must not loop.
            guard stat(candidate, &info) == 0, ownIdentity.map({ $0 != (info.st_dev, info.st_ino) }) ?? true
            else { continue }
            var pointers = arguments.map { strdup($0) } + [nil]
            execv(candidate, &pointers)
        }
        PrintedLines.failure(
            "the full program is missing: looked for \(folder)/../libexec/cdwally/cdwally; reinstall cdwally",
            exitStatus: 69
        ).write()
        exit(69)
    }

    private static func link(_ path: String) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let count = buffer.withUnsafeMutableBytes { readlink(path, $0.baseAddress!, $0.count) }
        return count > 0 ? Array(buffer[..<count]) : []
    }
}
