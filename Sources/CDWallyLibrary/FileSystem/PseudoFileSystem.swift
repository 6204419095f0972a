import CDWallyCore
import CDWallySystem
import CFileSystemType

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The kernel's own file systems (/proc, /sys, /dev and their kin), which hold no music and
/// must never be walked (docs/PRODUCT.md §8): /proc alone reaches the whole tree again through
/// every process's `root` and `cwd`, and a read of some of their files blocks or never ends.
/// The type comes from `statfs`, not from the path, so a link or a mount elsewhere is caught too.
enum PseudoFileSystem {
    /// True when `path` lies on one of them.
    static func holds(_ path: RawPath) -> Bool {
        if magics.contains(path.withCString { Int64(cfilesystemtype_of($0)) }) { return true }
        // devtmpfs says it is a tmpfs, like any /tmp: /dev is known by its device instead.
        guard let device = devDevice, let status = FileStatus.of(path) else { return false }
        return status.device == device
    }

    /// The `f_type` of each (linux/magic.h).
    private static let magics: Set<Int64> = [
        0x9FA0,  // proc
        0x6265_6572,  // sysfs
        0x1CD1,  // devpts
        0x0027_E0EB,  // cgroup
        0x6367_7270,  // cgroup2
        0x6462_6720,  // debugfs
        0x7472_6163,  // tracefs
        0x7363_6673,  // securityfs
        0xCAFE_4A11,  // bpf
        0x6165_676C,  // pstore
        0x6265_6570,  // configfs
        0xF97C_FF8C,  // selinuxfs
        0xDE5E_81E4,  // efivarfs
        0x6573_5543,  // fusectl
        0x4249_4E4D,  // binfmt_misc
        0x1980_0202,  // mqueue
        0x6E73_6673,  // nsfs
    ]

    /// The device of /dev when it is a file system of its own, as it is wherever udev runs.
    private static let devDevice: UInt64? = {
        guard let dev = FileStatus.of(RawPath("/dev")), let root = FileStatus.of(RawPath("/")),
            dev.device != root.device
        else { return nil }
        return dev.device
    }()
}
