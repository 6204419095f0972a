import Foundation
import Glibc

/// A folder mounted over another for one test, as a USB disk is mounted on `/srv/music`:
/// `mount --bind`, taken away with `unmount()` (lazily, as a pulled disk is) and put back with
/// `mount()`. Mounting takes root; where that is not given, the tests that need one are
/// skipped and say why (`SmallDisk.isAvailable`).
public final class BindMount {
    public let source: String
    public let target: String

    public init(_ source: String, on target: String) {
        self.source = source
        self.target = target
    }

    deinit { unmount() }

    /// Mounts `source` on `target`, which must exist.
    public func mount() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = ["--bind", source, target]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestFailure("mount --bind \(source) \(target) failed")
        }
    }

    /// Takes the mount away; files a process holds open stay readable, as on a lazy unmount.
    public func unmount() {
        _ = Glibc.umount2(target, Int32(MNT_DETACH))
    }
}
