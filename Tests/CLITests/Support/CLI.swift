import Foundation
import TestSupport

/// Runs the built `cdwally` binary the way a user does, in a private home with its own XDG
/// folders, and captures what it prints and how it exits.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let home: String
    var environment: [String: String]

    static let binary = BuiltProducts.cdwally
    static let repository = BuiltProducts.repository

    init() throws {
        home =
            FileManager.default.temporaryDirectory.appendingPathComponent("cdwally-cli-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: home + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        environment = [
            "HOME": home, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache",
            "XDG_STATE_HOME": home + "/state",
            "XDG_RUNTIME_DIR": home + "/run", "LANG": "C.UTF-8",
        ]
        // Under Scripts/sanitize, the cdwally processes report where the test process does.
        let outer = ProcessInfo.processInfo.environment
        for name in ["TSAN_OPTIONS", "ASAN_OPTIONS", "SWIFT_BACKTRACE"] { environment[name] = outer[name] }
    }

    func remove() {
        _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwx", home])
            .waitUntilExit()
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Runs `cdwally arguments…` (after `wrapper…` when given, e.g. `setpriv …`, then from a
    /// folder any user can reach: the clone's own may be closed to the user it becomes), or
    /// `binary` when given.
    @discardableResult
    func run(
        _ arguments: [String], wrapper: [String] = [], extraEnvironment: [String: String] = [:],
        binary: String? = nil
    ) async throws -> Result {
        let process = Process()
        let command =
            wrapper + [binary ?? (wrapper.isEmpty ? CLI.binary : BuiltProducts.cdwallyForAnyUser)] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment.merging(extraEnvironment) { $1 }
        // Files rather than pipes: a chatty command can never block on a full pipe.
        let outputs = home + "/.out-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: outputs + ".1", contents: nil)
        _ = FileManager.default.createFile(atPath: outputs + ".2", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: outputs + ".1")
            try? FileManager.default.removeItem(atPath: outputs + ".2")
        }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs + ".1"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs + ".2"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Polled, not waited on: a blocked thread would be one of the test pool's few, and
        // the players under test need those to keep up with mpv.
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOfFile: outputs + ".1", encoding: .utf8),
            stderr: try String(contentsOfFile: outputs + ".2", encoding: .utf8))
    }

    /// The parsed JSON of a command's stdout.
    func json(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await run(arguments + ["--json"])
        guard result.status == 0 else { throw CLIFailure(result: result) }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }
}

struct CLIFailure: Error, CustomStringConvertible {
    var result: CLI.Result
    var description: String { "exit \(result.status): \(result.stderr)" }
}
