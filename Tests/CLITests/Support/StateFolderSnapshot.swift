import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The user's data in a state folder as a read-only command must leave it: every file's name,
/// inode, bytes and modification time (with nanoseconds). A move, a rename, a rewrite, even of
/// the same bytes, changes it. `notes.json` is left out: commands may note their last error there;
/// so are the lock files (`player.lock` records the player of the moment), which hold no data.
struct StateFolderSnapshot: Equatable, CustomStringConvertible {
    struct Entry: Equatable {
        var inode: UInt64
        var modified: Int
        var bytes: Data
    }

    let entries: [String: Entry]

    init(_ folder: String) throws {
        var entries: [String: Entry] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder)
        where name != "notes.json" && !name.hasSuffix(".lock") {
            let path = folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            entries[name] = Entry(
                inode: UInt64(info.st_ino),
                modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec,
                bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        self.entries = entries
    }

    var description: String { entries.keys.sorted().joined(separator: ", ") }
}
