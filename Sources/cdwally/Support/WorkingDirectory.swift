import CDWallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's working folder, as bytes (it need not be UTF-8), for paths typed relative to it.
enum WorkingDirectory {
    static var path: RawPath {
        guard let buffer = getcwd(nil, 0) else { return RawPath("/") }
        defer { free(buffer) }
        return RawPath(bytes: UnsafeRawBufferPointer(start: buffer, count: strlen(buffer)))
    }
}
