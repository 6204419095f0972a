import Foundation
import TestSupport

/// A `cdwally` process left running, for tests that play, signal and watch it.
final class RunningCommand: @unchecked Sendable {
    let process: Process
    private let outputs: String

    init(_ cli: CLI, _ arguments: [String], binary: String = CLI.binary) throws {
        outputs = cli.home + "/.run-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: outputs + ".1", contents: nil)
        _ = FileManager.default.createFile(atPath: outputs + ".2", contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = cli.environment
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs + ".1"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs + ".2"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var stdout: String { (try? String(contentsOfFile: outputs + ".1", encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: outputs + ".2", encoding: .utf8)) ?? "" }

    /// How many times longer than here a wait may take: `CDWALLY_TEST_PATIENCE`, set where the
    /// whole suite runs slower by nature (a guest under emulation, `Scripts/check-machine`).
    static let patience = Double(ProcessInfo.processInfo.environment["CDWALLY_TEST_PATIENCE"] ?? "") ?? 1

    /// Waits until `condition` holds (polled), or fails after `timeout` seconds (times `patience`).
    func waitUntil(timeout: Double = 30, _ what: String, _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout * Self.patience)
        while Date() < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw WaitTimeout(what: what, stdout: stdout, stderr: stderr)
    }

    func waitForOutput(_ text: String, timeout: Double = 30) async throws {
        try await waitUntil(timeout: timeout, "stdout to contain \(text)") { stdout.contains(text) }
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for the process to end and returns its exit status (128 + n for a signal n).
    func wait(timeout: Double = 30) async throws -> Int32 {
        try await waitUntil(timeout: timeout, "the process to exit") { !process.isRunning }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
    }

    struct WaitTimeout: Error, CustomStringConvertible {
        var what: String
        var stdout: String
        var stderr: String
        var description: String { "timed out waiting for \(what)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }
}

/// `cdwally serve` of `library` on a null output, once it answers `status`.
func startServe(_ cli: CLI, _ library: TestLibrary, extra: [String] = []) async throws -> RunningCommand {
    let serve = try RunningCommand(cli, ["serve", "--library", library.root, "--mpv", "ao=null"] + extra)
    try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
    return serve
}
