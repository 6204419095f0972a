#if canImport(Glibc)
    import Glibc
#endif

/// Hands memory that a burst of work has freed back to the system.
///
/// glibc's malloc keeps freed blocks in per-thread arenas for reuse, so after a scan spread
/// over several threads a long-running player would hold megabytes it no longer uses.
/// `malloc_trim` gives them back; glibc's Swift module does not export it, so it is looked
/// up by name. Elsewhere (macOS's allocator returns memory by itself) this does nothing.
enum FreeMemory {
    #if canImport(Glibc)
        private static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
            unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
        }
    #endif

    static func giveBack() {
        #if canImport(Glibc)
            _ = mallocTrim?(0)
        #endif
    }
}
