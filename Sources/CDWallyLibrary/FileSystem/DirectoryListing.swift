import CDWallyCore
import CDWallySystem

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
        /// Filled for symbolic links (which had to be stat'ed anyway), directories, and the
        /// files the caller asked for.
        public var status: FileStatus?
        /// True for a symbolic link: a walk reaches a linked folder after the real ones, so a
        /// folder inside the tree is known by its own path (docs/PRODUCT.md §8).
        public var isLink = false
    }

    public var directory: RawPath
    /// The directory's own status, read from the open directory before its names: a change
    /// made while it is listed shows in a later status.
    public var status: FileStatus?
    public var files: [Entry] = []
    public var subdirectories: [Entry] = []

    /// Lists `directory`; throws the `errno` text when it cannot be opened (permission,
    /// vanished, not a directory). Subdirectories, and the files whose name bytes satisfy
    /// `statFile`, get their status, looked up relative to the open directory: a scan stats
    /// every audio file, and a lookup of one name costs the kernel far less than a full path.
    /// Files whose names fail `keepFile` are left out (a search for playlists keeps two names).
    /// A file whose status the caller already has (`known`, by path) is not looked up again.
    public static func read(
        _ directory: RawPath, statFile: ((ArraySlice<UInt8>) -> Bool)? = nil,
        keepFile: ((ArraySlice<UInt8>) -> Bool)? = nil, known: [RawPath: FileStatus] = [:]
    ) throws(FileSystemError) -> DirectoryListing {
        guard let stream = directory.withCString({ opendir($0) }) else {
            throw FileSystemError(path: directory, operation: "open directory", code: errno)
        }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        var listing = DirectoryListing(directory: directory)
        var own = stat()
        if fstat(descriptor, &own) == 0 { listing.status = FileStatus(own) }
        var prefix = directory.bytes
        if prefix.last != UInt8(ascii: "/") { prefix.append(UInt8(ascii: "/")) }
        while let entry = readdir(stream) {
            let path = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                RawPath(bytes: prefix + raw.prefix(while: { $0 != 0 }))
            }
            let name = path.bytes[prefix.count...]
            if name.elementsEqual([0x2E]) || name.elementsEqual([0x2E, 0x2E]) { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG):
                guard keepFile?(name) ?? true else { continue }
                let wanted = statFile?(name) ?? false
                listing.files.append(
                    Entry(path: path, status: wanted ? known[path] ?? status(of: name, in: descriptor) : nil))
            case Int32(DT_DIR):
                listing.subdirectories.append(Entry(path: path, status: status(of: name, in: descriptor)))
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                // Links are followed (docs/PRODUCT.md §8); some file systems report no type at all.
                guard let status = status(of: name, in: descriptor) else { continue }
                switch status.kind {
                case .regular:
                    guard keepFile?(name) ?? true else { continue }
                    listing.files.append(Entry(path: path, status: status))
                case .directory:
                    listing.subdirectories.append(
                        Entry(path: path, status: status, isLink: entry.pointee.d_type == DT_LNK))
                case .namedPipe, .socket, .characterDevice, .blockDevice, .other: continue
                }
            default: continue
            }
        }
        listing.files.sort { $0.path < $1.path }
        listing.subdirectories.sort { $0.path < $1.path }
        return listing
    }

    /// `stat` of the entry `name` of the open directory, following symbolic links.
    private static func status(of name: ArraySlice<UInt8>, in directory: Int32) -> FileStatus? {
        var info = stat()
        let result = (Array(name) + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { fstatat(directory, $0.baseAddress!, &info, 0) }
        }
        return result == 0 ? FileStatus(info) : nil
    }
}
