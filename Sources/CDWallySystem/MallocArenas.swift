#if canImport(Glibc)
    import Glibc
#endif

/// Caps how many malloc arenas glibc makes, for a process that runs for months.
///
/// glibc gives a thread that allocates while another holds its arena an arena of its own, up to
/// eight per core, and each keeps the pages it once used. In a playing `cdwally play` the
/// background index on every core, mpv's threads and cdwally's own left three arenas of about
/// 10 MiB resident each: with one arena the player held 99 MiB instead of 111, 10 s into an
/// album on the 1,000-album benchmark library. The cost is contention, which a player does not
/// feel (its background index is not waited for) but a cold `scan` on every core does (25 %
/// slower), so only the long-running commands ask for it. `mallopt` is not in the Swift Glibc
/// module and is looked up by name; elsewhere this does nothing.
public enum MallocArenas {
    /// At most `count` arenas from now on; call it before other threads allocate.
    public static func limit(to count: Int32) {
        #if canImport(Glibc)
            typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
            let arenaMaximum: Int32 = -8  // M_ARENA_MAX in <malloc.h>
            guard let symbol = dlsym(nil, "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: MallocOption.self)(arenaMaximum, count)
        #endif
    }
}
