import CDWallyCore
import CDWallySystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks a directory tree in byte order, following symbolic links (docs/PRODUCT.md §8): a
/// directory reached twice (same device and inode) is visited once, a link back to one of
/// its own ancestors (or to a folder that holds the tree) is reported as a loop, and a
/// directory that cannot be read is reported and skipped. The kernel's pseudo file systems
/// (/proc, /sys, /dev) are never entered, by whatever path they are reached. Nothing about one
/// directory stops the walk. Directories reached through a symbolic link are walked after all
/// the others, so that a folder inside the tree is always known by its own path, whatever
/// links point at it: the path a cold look at one folder sees. A `lost+found` folder at the
/// top of a file system or of the walk is fsck's, never an album's, and not entered: on ext4 it
/// is root's and closed, and a disk made for the jukebox would warn of it at every command.
///
/// The directories are listed ahead of the visit, a level of the tree at a time, on every
/// core: listing (and the `stat` of each file a scan needs) is nearly all of a walk's cost.
/// The visit itself runs in order on the caller's thread, with the rules above applied as a
/// plain depth-first walk would, so that the order and the outcome do not depend on how the
/// listing was shared out.
public struct TreeWalker {
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        case unreadable(FileSystemError)
        case loop(RawPath)
        /// A walk asked to start in /proc, /sys or /dev.
        case pseudoFileSystem(RawPath)

        public var description: String {
            switch self {
            case .unreadable(let error): error.description
            case .loop(let path): "symbolic link loop at \(path.display): skipped"
            case .pseudoFileSystem(let path):
                "\(path.display) is a pseudo file system (like /proc, /sys or /dev): not walked"
            }
        }
    }

    public private(set) var problems: [Problem] = []
    private var visited: Set<FileID> = []
    private let statFile: (@Sendable (ArraySlice<UInt8>) -> Bool)?
    private let keepFile: (@Sendable (ArraySlice<UInt8>) -> Bool)?
    private var listed: [RawPath: Result<DirectoryListing, FileSystemError>] = [:]
    private var linked: [(path: RawPath, id: FileID, ancestors: [FileID])] = []
    private var root = RawPath("")

    /// `statFile` picks, by name, the files whose status each listing should carry, and
    /// `keepFile` the files it lists at all (see `DirectoryListing.read`).
    public init(
        statFile: (@Sendable (ArraySlice<UInt8>) -> Bool)? = nil,
        keepFile: (@Sendable (ArraySlice<UInt8>) -> Bool)? = nil
    ) {
        self.statFile = statFile
        self.keepFile = keepFile
    }

    /// Calls `visit` with the listing of `root` and of every directory below it.
    public mutating func walk(_ root: RawPath, visit: (DirectoryListing) throws -> Void) rethrows {
        guard let status = FileStatus.of(root) else {
            problems.append(
                .unreadable(FileSystemError(path: root, operation: "open directory", code: errno)))
            return
        }
        guard status.kind == .directory else {
            problems.append(
                .unreadable(FileSystemError(path: root, operation: "open directory", code: ENOTDIR)))
            return
        }
        guard !PseudoFileSystem.holds(root) else {
            problems.append(.pseudoFileSystem(root))
            return
        }
        self.root = root
        let above = Self.ancestors(of: root)
        listAhead(root, id: status.fileID, above: above)
        defer {
            listed = [:]
            linked = []
        }
        try walk(root, id: status.fileID, ancestors: above, visit: visit)
        while !linked.isEmpty {
            let next = linked.removeFirst()
            try walk(next.path, id: next.id, ancestors: next.ancestors, visit: visit)
        }
    }

    /// Lists the tree breadth first, each level in parallel. A directory is listed once, under
    /// the first path found for it; the walk lists any other itself, if it needs it.
    private mutating func listAhead(_ root: RawPath, id: FileID, above: [FileID]) {
        var level: [(path: RawPath, id: FileID, lineage: [FileID])] = [(root, id, above)]
        var queued: Set<FileID> = [id]
        let statFile = self.statFile
        let keepFile = self.keepFile
        while !level.isEmpty {
            let listings = Parallel.map(level.map(\.path)) { path in
                Result { () throws(FileSystemError) in
                    try DirectoryListing.read(path, statFile: statFile, keepFile: keepFile)
                }
            }
            var next: [(path: RawPath, id: FileID, lineage: [FileID])] = []
            for (directory, listing) in zip(level, listings) {
                listed[directory.path] = listing
                guard case .success(let listing) = listing else { continue }
                let lineage = directory.lineage + [directory.id]
                for subdirectory in listing.subdirectories {
                    guard let status = subdirectory.status, !lineage.contains(status.fileID),
                        !isFsckFolder(subdirectory.path, in: directory.path, lineage: lineage),
                        !Self.isPseudo(subdirectory.path, status, below: directory.id),
                        queued.insert(status.fileID).inserted
                    else { continue }
                    next.append((subdirectory.path, status.fileID, lineage))
                }
            }
            level = next
        }
    }

    private mutating func walk(
        _ directory: RawPath, id: FileID, ancestors: [FileID], visit: (DirectoryListing) throws -> Void
    ) rethrows {
        guard visited.insert(id).inserted else { return }
        let listing: DirectoryListing
        do throws(FileSystemError) {
            if let ahead = listed.removeValue(forKey: directory) {
                listing = try ahead.get()
            } else {
                listing = try DirectoryListing.read(directory, statFile: statFile, keepFile: keepFile)
            }
        } catch {
            problems.append(.unreadable(error))
            return
        }
        try visit(listing)
        let lineage = ancestors + [id]
        for subdirectory in listing.subdirectories {
            guard !isFsckFolder(subdirectory.path, in: directory, lineage: lineage),
                let status = subdirectory.status ?? FileStatus.of(subdirectory.path),
                !Self.isPseudo(subdirectory.path, status, below: id)
            else { continue }
            if lineage.contains(status.fileID) {
                problems.append(.loop(subdirectory.path))
                continue
            }
            if subdirectory.isLink {
                linked.append((subdirectory.path, status.fileID, lineage))
            } else {
                try walk(subdirectory.path, id: status.fileID, ancestors: lineage, visit: visit)
            }
        }
    }

    /// The folders that hold `root`, up to `/`: a link to one of them leads back into the walk
    /// and beyond it (a link to `/` would walk the whole disk), so it counts as a loop.
    private static func ancestors(of root: RawPath) -> [FileID] {
        var ids: [FileID] = []
        var folder = CanonicalPath.realPath(root) ?? root
        while folder != folder.parent {
            folder = folder.parent
            if let status = FileStatus.of(folder) { ids.insert(status.fileID, at: 0) }
        }
        return ids
    }

    /// `path` is a `lost+found` in the walk's root or in a folder on another device than the
    /// one holding it (a mount point); `lineage` ends with the ids of that folder's parent and
    /// of the folder itself.
    private func isFsckFolder(_ path: RawPath, in folder: RawPath, lineage: [FileID]) -> Bool {
        guard path.lastComponent.bytes == Self.fsckFolderName else { return false }
        if folder == root { return true }
        let top = lineage.suffix(2)
        return top.count < 2 || top.first?.device != top.last?.device
    }

    private static let fsckFolderName = Array("lost+found".utf8)

    /// Only a folder on another device than its parent can be the mount of a pseudo file
    /// system, so the `statfs` is paid at mount points (and links across them) alone.
    private static func isPseudo(_ path: RawPath, _ status: FileStatus, below parent: FileID) -> Bool {
        status.device != parent.device && PseudoFileSystem.holds(path)
    }
}
