import CDWallyCore
import CDWallySystem
import CFileSystemType

/// Whether a folder's files would not survive a reboot (docs/PRODUCT.md §11, "A read-only
/// root"): a tmpfs or a ramfs lives in memory, and an overlay root (Raspberry Pi OS's overlay
/// file system) keeps every write in memory too. The type comes from `statfs`, not from the
/// path, so a link or a mount elsewhere is judged by where the files really go; a folder not
/// made yet is judged by its nearest existing parent, where it would be made.
public enum VolatileFolder {
    /// The file system's description ("a tmpfs", "an overlay root") when files under `path`
    /// are lost at reboot, else nil.
    public static func kind(of path: RawPath) -> String? {
        var folder = path.lexicallyNormalized()
        while FileStatus.of(folder) == nil {
            let parent = folder.parent
            guard parent != folder, !parent.isEmpty else { return nil }
            folder = parent
        }
        switch folder.withCString({ Int64(cfilesystemtype_of($0)) }) {
        case 0x0102_1994: return "a tmpfs"  // TMPFS_MAGIC
        case 0x8584_58F6: return "a ramfs"  // RAMFS_MAGIC
        case 0x794C_7630: return "an overlay root"  // OVERLAYFS_SUPER_MAGIC
        default: return nil
        }
    }
}
