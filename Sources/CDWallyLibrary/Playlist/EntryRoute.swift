import CDWallyCore

/// How a playlist entry reached its album, in the order they are tried (docs/PRODUCT.md §2).
/// `doctor` names every route but the first.
public enum EntryRoute: Sendable, Equatable, CustomStringConvertible {
    /// The path as written.
    case path
    /// The file the path names, indexed under another of its paths (a symbolic link).
    case sameFile(RawPath)
    /// A path that differs only in case (a playlist written on Windows).
    case pathIgnoringCase(RawPath)
    /// The file is gone, but its folder still holds the album.
    case folder(RawPath)
    /// The file is gone; a track of the `#EXTINF` artist and title was found.
    case tags(RawPath)
    /// The file is gone; a track of its name was found in a folder named like the entry's
    /// album or artist (or agreeing with its `#EXTINF`).
    case nameInFolder(RawPath)

    /// Found through the index because the path was missing (`doctor`'s `resolvedByTags`).
    public var isByTags: Bool {
        switch self {
        case .tags, .nameInFolder: true
        case .path, .sameFile, .pathIgnoringCase, .folder: false
        }
    }

    /// Whether the folders the resolution read (and the deepest folder a missing path reached)
    /// hold all the route depends on, so that their unchanged stamps keep its answer true
    /// (`WalletMemo`). A file gone from its path leaves its folder, or the whole tree a search
    /// read, to stand for it. A link or another case does not: the link's own folder, and the
    /// folders a search by case listed, are not among them.
    var isSettledByFoldersRead: Bool {
        switch self {
        case .path, .folder, .tags, .nameInFolder: true
        case .sameFile, .pathIgnoringCase: false
        }
    }

    public var description: String {
        switch self {
        case .path: "by path"
        case .sameFile(let path): "by the same file at \(path.display)"
        case .pathIgnoringCase(let path): "by path ignoring case: \(path.display)"
        case .folder(let folder): "by folder: \(folder.display)"
        case .tags(let path): "by tags: \(path.display)"
        case .nameInFolder(let path): "by name in folder \(path.parent.display)"
        }
    }
}
