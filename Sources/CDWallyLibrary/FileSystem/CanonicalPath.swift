import CDWallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The path by which the index knows a file that a playlist may name through a symbolic link
/// (docs/PRODUCT.md §8): its real path, set under the library root as given, when it lies inside
/// the library. A walk of the tree reaches linked folders last, so this is the path it keeps.
enum CanonicalPath {
    static func of(_ path: RawPath, root: RawPath) -> RawPath {
        guard let real = realPath(path), let realRoot = realPath(root), real.isInside(realRoot) else {
            return path
        }
        let relative = real.components.dropFirst(realRoot.components.count)
        return relative.reduce(root) { $0.appending(RawPath(bytes: Array($1))) }
    }

    private static func realPath(_ path: RawPath) -> RawPath? {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return RawPath(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }
}
