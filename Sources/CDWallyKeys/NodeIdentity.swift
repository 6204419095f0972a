import Glibc

/// Which device node a path led to: the device number and the inode. Hot-plug can remove
/// a node and create another under the same name; an IN_ATTRIB on a node already open must
/// not reopen it, while a new node under an old name must.
struct NodeIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_rdev)
        inode = UInt64(info.st_ino)
    }
}
