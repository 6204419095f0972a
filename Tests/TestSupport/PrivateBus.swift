import Foundation

/// A private D-Bus session daemon for one test, in its own temporary directory, so tests
/// running in parallel never see each other's players. `stop()` (or dropping it) kills
/// the daemon and removes the directory.
public final class PrivateBus {
    public let address: String
    public let directory: URL
    private let daemon: ExternalTool

    public init() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cdwally-mpris-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            // In the foreground, so the daemon stays this process's child and is reaped.
            let daemon = try ExternalTool(
                "dbus-daemon",
                [
                    "--session", "--nofork", "--print-address=1",
                    "--address=unix:path=\(directory.path)/bus",
                ],
                environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"], directory: directory)
            guard await eventually({ daemon.stdout.hasSuffix("\n") }) else {
                daemon.kill()
                throw TestFailure("dbus-daemon did not start: \(daemon.stderr)")
            }
            self.daemon = daemon
            address = daemon.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            self.directory = directory
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    deinit { stop() }

    /// The environment for a client of this bus (playerctl, dbus-send, busctl).
    public var environment: [String: String] {
        [
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": directory.path,
            "DBUS_SESSION_BUS_ADDRESS": address,
            // A bus nobody listens on: playerctl also looks for players on the system bus.
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(directory.path)/no-system-bus",
        ]
    }

    /// Kills the daemon, which breaks every connection to it, and removes the directory.
    /// Safe to call more than once.
    public func stop() {
        daemon.kill()
        try? FileManager.default.removeItem(at: directory)
    }
}
