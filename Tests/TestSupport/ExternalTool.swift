import Foundation
import Glibc

/// A command-line tool (dbus-daemon, playerctl, dbus-send, busctl, dbus-monitor) run as
/// a real peer of the server, its output captured in files of the test's directory so a
/// chatty or long-running tool never blocks on a full pipe.
public final class ExternalTool {
    public struct Result {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    public let name: String
    private let process = Process()
    private let stdoutFile: URL
    private let stderrFile: URL

    /// Starts `name` (looked up in PATH) with `arguments` and only `environment`.
    public init(_ name: String, _ arguments: [String], environment: [String: String], directory: URL) throws {
        self.name = name
        let stem = directory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        stdoutFile = URL(fileURLWithPath: stem + ".out")
        stderrFile = URL(fileURLWithPath: stem + ".err")
        for file in [stdoutFile, stderrFile] {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw TestFailure("cannot create \(file.path)")
            }
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        try process.run()
    }

    deinit { kill() }

    /// Runs a tool to its end against `bus` and returns what it printed.
    public static func run(
        _ name: String, _ arguments: [String], bus: PrivateBus, timeout: Duration = .seconds(60)
    ) async throws -> Result {
        let tool = try ExternalTool(name, arguments, environment: bus.environment, directory: bus.directory)
        try await tool.waitForExit(timeout: timeout)
        return tool.result
    }

    public var stdout: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }
    public var result: Result { Result(status: process.terminationStatus, stdout: stdout, stderr: stderr) }

    /// Waits for the tool to exit; kills it and throws when it takes longer than `timeout`.
    public func waitForExit(timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                kill()
                throw TestFailure("\(name) \(process.arguments ?? []) ran over \(timeout): \(stderr)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Ends a tool that runs until told (dbus-monitor, playerctl --follow) and reaps it.
    public func terminate() async throws {
        kill()
        try await waitForExit(timeout: .seconds(30))
    }

    /// SIGKILL, because SIGTERM may not work: a child inherits the signal mask of the
    /// spawning thread, and the test runner's worker threads block SIGTERM. Waits (briefly:
    /// SIGKILL acts at once) until Foundation has reaped the child, so no zombie is left.
    public func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        for _ in 0..<1000 where process.isRunning {
            usleep(10_000)
        }
    }
}
