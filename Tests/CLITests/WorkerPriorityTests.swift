import Foundation
import TestSupport
import Testing

/// The journal holds nothing but cdwally's own lines (docs/PRODUCT.md §9). Under the system
/// unit (`Nice=-5`, a user with no leave to lower a nice value) libdispatch, which runs the
/// Swift runtime's thread pool and the index's parallel reads, wrote "Failed to set thread
/// priority for worker thread: … errno=13" for every worker thread it could not give its
/// quality of service's nice value, down to -4, from the nice of the thread that started it.
/// The unit's `LimitNICE=` gives that leave. Raising RLIMIT_NICE needs CAP_SYS_RESOURCE, which
/// this host's tests may not have, so the binary runs as `nobody` at the unit's Nice with the
/// leave the limit gives as CAP_SYS_NICE instead; libdispatch's log (syslog by default) goes
/// to stderr, where the test reads it.
@Suite(
    .enabled(
        if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
        "needs root and setpriv to run as another user"))
struct WorkerPriorityTests {
    /// The lowest nice value libdispatch gives a worker thread (user-interactive).
    static let lowestWorkerNice = -4

    /// A `[Service]` setting of the system unit.
    private static func setting(_ name: String) throws -> String? {
        let unit = try String(contentsOfFile: SystemUnitTests.source, encoding: .utf8)
        return unit.split(separator: "\n").last { $0.hasPrefix(name + "=") }.map {
            String($0.dropFirst(name.count + 1))
        }
    }

    /// The lowest nice value a thread of the unit may take: `LimitNICE=` as systemd reads it,
    /// a signed nice value or the raw limit (20 - nice; 0, the default, allows none below 20).
    private static func lowestNice() throws -> Int {
        guard let limit = try setting("LimitNICE") else { return 20 }
        if limit.hasPrefix("-") || limit.hasPrefix("+") { return Int(limit) ?? 20 }
        return 20 - (Int(limit) ?? 0)
    }

    @Test func theUnitLetsEveryWorkerThreadTakeItsNiceValue() throws {
        let (lowest, limit) = (try Self.lowestNice(), try Self.setting("LimitNICE"))
        #expect(lowest <= Self.lowestWorkerNice, "LimitNICE=\(limit ?? "")")
    }

    @Test func aScanUnderTheUnitsNiceAndLimitLogsNoThreadPriorityFailure() async throws {
        let nice = try #require(Int(try Self.setting("Nice") ?? "0"))
        let leave =
            try Self.lowestNice() <= Self.lowestWorkerNice
            ? ["--inh-caps", "+sys_nice", "--ambient-caps", "+sys_nice"] : []
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        for number in 1...24 {
            try library.addAlbum(
                "Artist \(number)/Album", artist: "Artist \(number)", album: "Album \(number)")
        }
        try library.playlist("Artist 1/Album/\n")
        for path in [cli.home, library.root] {
            _ = try Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "a+rwX", path])
                .waitUntilExit()
        }
        let asTheUnit =
            [
                "/usr/bin/nice", "-n", "\(nice)", "/usr/bin/setpriv", "--reuid=65534", "--regid=65534",
                "--clear-groups",
            ]
            + leave + ["--"]
        let log = ["LIBDISPATCH_LOG": "stderr"]
        for command in [["scan"], ["albums"]] {
            let result = try await cli.run(
                command + ["--library", library.root], wrapper: asTheUnit, extraEnvironment: log)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("Failed to set thread priority"), "\(command): \(result.stderr)")
        }
    }
}
