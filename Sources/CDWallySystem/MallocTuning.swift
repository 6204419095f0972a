#if canImport(Glibc)
    import Glibc
#endif

/// glibc's malloc, set for a process that runs for months (`play`, `serve`).
///
/// - One arena. glibc gives a thread that allocates while another holds its arena an arena of
///   its own, up to eight per core, and each keeps the pages it once used. In a playing
///   `cdwally play` the background index on every core, mpv's threads and cdwally's own left
///   three arenas of about 10 MiB resident each: with one arena the player held 99 MiB instead
///   of 111, 10 s into an album on the 1,000-album benchmark library. The cost is contention,
///   which a player does not feel (its background index is not waited for) but a cold `scan`
///   on every core does (25 % slower), so only the long-running commands ask for it.
/// - A fixed threshold of 1 MiB above which a block is mapped on its own and unmapped when
///   freed. mpv allocates and zeroes a 10 MiB probe buffer for every file it opens; glibc's
///   threshold otherwise rises to the size of the first such block freed, the next ones come
///   from the heap, and a jukebox skipping through discs (the soak: five opens a second) held
///   60 MiB more for seconds at a time, until the heap's top was free to trim.
///
/// `mallopt` is not in the Swift Glibc module and is looked up by name; elsewhere this does
/// nothing.
public enum MallocTuning {
    /// Call it before other threads allocate.
    public static func forLongRunningProcess() {
        set(option: -8, to: 1)  // M_ARENA_MAX in <malloc.h>
        set(option: -3, to: 1 << 20)  // M_MMAP_THRESHOLD
    }

    private static func set(option: Int32, to value: Int32) {
        #if canImport(Glibc)
            typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: MallocOption.self)(option, value)
        #endif
    }
}
