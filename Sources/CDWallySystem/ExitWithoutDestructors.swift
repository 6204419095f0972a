#if canImport(Glibc)
    import Glibc

    /// Makes the process, when it ends, skip what `exit` would run after it: the shared
    /// libraries' destructors. For a process with a thread it could not stop first (an mpv
    /// core its audio output holds past the teardown limit), `exit` would tear down C++ statics
    /// and libraries under that thread's feet: a segfault at the very end, after everything was
    /// saved (seen once under load, a `play` ending with status 139). Armed once; the handler,
    /// registered with glibc's `on_exit` after the libraries' own, runs before them, flushes
    /// stdio and calls `_exit` with the status `exit` was given.
    public enum ExitWithoutDestructors {
        private static let armed = LockedValue(false)

        public static func arm() {
            let first = armed.withLock { done in
                defer { done = true }
                return !done
            }
            guard first else { return }
            _ = on_exit(
                { status, _ in
                    fflush(nil)
                    _exit(status)
                }, nil)
        }
    }
#endif
