import CDWallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The path by which the index knows a file that a playlist may name through a symbolic link
/// (docs/PRODUCT.md §8): its real path, set under the library root as given, when it lies inside
/// the library, spelled as its folders store it on a file system that ignores case
/// (`StoredSpelling`). A walk of the tree reaches linked folders last, so this is the path it keeps.
///
/// One value serves a whole playlist: it resolves the root once and each folder once, so a
/// playlist of 200,000 lines costs a `realpath` per folder and an `lstat` per line (none when
/// the caller looked the line up already), not two
/// `realpath` calls (a `lstat` per path component each) per line.
final class CanonicalPath {
    let root: RawPath
    private lazy var realRoot = Self.realPath(root)
    private var realFolders: [RawPath: RawPath?] = [:]
    private let spelling = StoredSpelling()

    init(root: RawPath) {
        self.root = root
    }

    /// `path` as the index knows it (see the type's comment). `isLink` says whether its name
    /// is a symbolic link when the caller already looked (else it is looked up here).
    func of(_ path: RawPath, isLink: Bool? = nil) -> RawPath {
        guard let real = realPath(path, isLink: isLink), let realRoot, real.isInside(realRoot) else {
            return path
        }
        let relative = real.components.dropFirst(realRoot.components.count)
        let inRoot = relative.reduce(root) { $0.appending(RawPath(bytes: Array($1))) }
        // `realpath` keeps the case it was given; the index has the case the folders store.
        return spelling.of(inRoot, below: root)
    }

    /// Whether `path` is a link to a folder that holds the library (or its real root's parents).
    func holdsLibrary(_ path: RawPath) -> Bool {
        guard let real = realPath(path), let realRoot else { return false }
        return realRoot.isInside(real) && real != realRoot
    }

    /// The real path of a lexically normal path: its folder's (remembered), then its own name,
    /// unless the name itself is a link.
    private func realPath(_ path: RawPath, isLink: Bool? = nil) -> RawPath? {
        let folder = path.parent
        guard folder != path, path.isAbsolute, !(isLink ?? Self.isLink(path)) else {
            return Self.realPath(path)
        }
        let realFolder: RawPath?
        if let known = realFolders[folder] {
            realFolder = known
        } else {
            realFolder = Self.realPath(folder)
            realFolders[folder] = realFolder
        }
        return realFolder?.appending(path.lastComponent)
    }

    private static func isLink(_ path: RawPath) -> Bool {
        var status = stat()
        return path.withCString { lstat($0, &status) } != 0 || (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// `realpath(3)`: every link resolved; nil when the path does not exist.
    static func realPath(_ path: RawPath) -> RawPath? {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return RawPath(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }
}
