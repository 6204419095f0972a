import CDWallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names in one directory, split into files and subdirectories, symbolic links
/// resolved with one `stat` each. Names are raw bytes and sorted in byte order so that every
/// walk visits the same things in the same order.
public struct DirectoryListing: Sendable {
    public struct Entry: Sendable {
        public var path: RawPath
        /// Filled for symbolic links (which had to be stat'ed anyway) and directories.
        public var status: FileStatus?
    }

    public var directory: RawPath
    public var files: [Entry] = []
    public var subdirectories: [Entry] = []

    /// Lists `directory`; throws the `errno` text when it cannot be opened (permission,
    /// vanished, not a directory).
    public static func read(_ directory: RawPath) throws(FileSystemError) -> DirectoryListing {
        guard let stream = directory.withCString({ opendir($0) }) else {
            throw FileSystemError(path: directory, operation: "open directory", code: errno)
        }
        defer { closedir(stream) }
        var listing = DirectoryListing(directory: directory)
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            let path = directory.appending(RawPath(bytes: name))
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): listing.files.append(Entry(path: path, status: nil))
            case Int32(DT_DIR): listing.subdirectories.append(Entry(path: path, status: nil))
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                // Links are followed (PRODUCT.md §8); some file systems report no type at all.
                guard let status = FileStatus.of(path) else { continue }
                switch status.kind {
                case .regular: listing.files.append(Entry(path: path, status: status))
                case .directory: listing.subdirectories.append(Entry(path: path, status: status))
                case .other: continue
                }
            default: continue
            }
        }
        listing.files.sort { $0.path < $1.path }
        listing.subdirectories.sort { $0.path < $1.path }
        return listing
    }
}
