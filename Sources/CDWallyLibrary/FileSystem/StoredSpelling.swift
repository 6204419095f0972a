import CDWallyCore
import CDWallySystem

/// A path as its folders store it, on a file system that ignores case (exFAT or FAT on a USB
/// stick, NTFS through FUSE): there `music/air/01 intro.flac`, as a playlist written on Windows
/// spells it, opens the file the walk of the tree indexed as `Music/Air/01 Intro.flac`, and one
/// file must have one path in the index (docs/PRODUCT.md §10). On other file systems a path that
/// opens is already spelled as stored, and nothing is listed.
///
/// One value serves a whole playlist: each folder is stat'ed once, each file system is tried
/// once (a `stat` of one name in the other case), and a folder is listed only on a file system
/// that ignores case.
final class StoredSpelling {
    /// By folder: whether its file system ignores case; nil while undecided.
    private var folderIgnoresCase: [RawPath: Bool] = [:]
    /// By device: whether its file system ignores case.
    private var deviceIgnoresCase: [UInt64: Bool] = [:]
    /// By folder: its entries' names, folded, to their stored paths (the first in byte order
    /// when two fold alike), and whether a name is stored as it is.
    private var listings: [RawPath: (folded: [String: RawPath], exact: Set<RawPath>)] = [:]

    /// `path` (an existing file or folder below `root`) with every component below `root`
    /// spelled as stored; `path` itself where its file system heeds case.
    func of(_ path: RawPath, below root: RawPath) -> RawPath {
        guard path != root, path.isInside(root), ignoresCase(path) else { return path }
        var spelled = root
        for component in path.components.dropFirst(root.components.count) {
            spelled = stored(RawPath(bytes: Array(component)), in: spelled)
        }
        return spelled
    }

    /// Whether the file system of `path`'s folder ignores case, tried with `path`'s own name
    /// (which lives in that folder, unlike the folder's name, which may be a mount point's).
    private func ignoresCase(_ path: RawPath) -> Bool {
        let folder = path.parent
        if let known = folderIgnoresCase[folder] { return known }
        guard let device = FileStatus.of(folder)?.device else { return false }
        if let known = deviceIgnoresCase[device] {
            folderIgnoresCase[folder] = known
            return known
        }
        let name = path.lastComponent.display
        let other = name.lowercased() != name ? name.lowercased() : name.uppercased()
        // A name without letters (`01.flac` has some; `2024` has none) decides nothing. The
        // other spelling opening anything says the file system ignores case: not compared by
        // inode (exFAT through FUSE numbers each spelling as a file of its own), nor with a
        // `stat` of `path`, which the resolver looked up already (each file is looked up once).
        // A folder of a case-sensitive disk that holds both spellings is only listed for nothing.
        guard other != name else { return false }
        let answer = FileStatus.of(folder.appending(RawPath(other))) != nil
        deviceIgnoresCase[device] = answer
        folderIgnoresCase[folder] = answer
        return answer
    }

    /// The entry of `folder` that `name` opens: itself when stored so, else the one whose name
    /// folds alike; `name` as given when the folder cannot be listed or holds neither.
    private func stored(_ name: RawPath, in folder: RawPath) -> RawPath {
        let wanted = folder.appending(name)
        let listing: (folded: [String: RawPath], exact: Set<RawPath>)
        if let known = listings[folder] {
            listing = known
        } else {
            let entries = ((try? DirectoryListing.read(folder)).map { $0.subdirectories + $0.files } ?? [])
                .map(\.path).sorted()
            var folded: [String: RawPath] = [:]
            for entry in entries where folded[Self.fold(entry.lastComponent)] == nil {
                folded[Self.fold(entry.lastComponent)] = entry
            }
            listing = (folded, Set(entries))
            listings[folder] = listing
        }
        if listing.exact.contains(wanted) { return wanted }
        return listing.folded[Self.fold(name)] ?? wanted
    }

    private static func fold(_ name: RawPath) -> String {
        name.display.lowercased()
    }
}
