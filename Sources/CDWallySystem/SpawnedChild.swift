import Foundation

/// A child process whose standard output the parent reads, in a process group of its own so
/// that killing it takes anything it started too.
///
/// Foundation's `Process` is not used: on Linux its `waitUntilExit` returned only once every
/// holder of the output pipe had closed it, a minute after the worker was killed when a
/// grandchild still held it; and it cannot put the child in a group of its own. The player's
/// blocked signals (`SignalWaiter`) are unblocked in the child, so it dies as any process does.
///
/// Used by the web's cover worker and the terminal's (`CoverWorkerProcess`, `CoverArtist`).
///
/// Threads: one at a time.
public struct SpawnedChild: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let code: Int32
        public var description: String { ErrnoText.of(code) }
    }

    public let pid: pid_t
    /// The read end of the child's standard output.
    public let output: Int32

    public init(_ argv: [String]) throws(Failure) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure(code: errno) }
        // Glibc's Swift module does not export pipe2. A child started by another thread in between
        // may inherit these ends; cdwally's children are short-lived workers, so only for a moment.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var arguments = argv.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, argv[0], &actions, &attributes, &arguments, environ)
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw Failure(code: status)
        }
        pid = child
        output = ends[0]
    }

    /// Waits for the child to exit, after killing its group if asked, and closes the pipe.
    public func end(killing: Bool) {
        if killing { kill(-pid, SIGKILL) }
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
