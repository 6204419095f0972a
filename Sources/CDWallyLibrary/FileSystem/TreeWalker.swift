import CDWallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks a directory tree in byte order, following symbolic links (PRODUCT.md §8): a
/// directory reached twice (same device and inode) is visited once, a link back to one of
/// its own ancestors is reported as a loop, and a directory that cannot be read is reported
/// and skipped. Nothing about one directory stops the walk.
public struct TreeWalker {
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        case unreadable(FileSystemError)
        case loop(RawPath)

        public var description: String {
            switch self {
            case .unreadable(let error): error.description
            case .loop(let path): "symbolic link loop at \(path.display): skipped"
            }
        }
    }

    public private(set) var problems: [Problem] = []
    private var visited: Set<FileID> = []

    public init() {}

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
        try walk(root, id: status.fileID, ancestors: [], visit: visit)
    }

    private mutating func walk(
        _ directory: RawPath, id: FileID, ancestors: [FileID], visit: (DirectoryListing) throws -> Void
    ) rethrows {
        guard visited.insert(id).inserted else { return }
        let listing: DirectoryListing
        do {
            listing = try DirectoryListing.read(directory)
        } catch {
            problems.append(.unreadable(error))
            return
        }
        try visit(listing)
        let lineage = ancestors + [id]
        for subdirectory in listing.subdirectories {
            guard let status = subdirectory.status ?? FileStatus.of(subdirectory.path) else { continue }
            if lineage.contains(status.fileID) {
                problems.append(.loop(subdirectory.path))
                continue
            }
            try walk(subdirectory.path, id: status.fileID, ancestors: lineage, visit: visit)
        }
    }
}
