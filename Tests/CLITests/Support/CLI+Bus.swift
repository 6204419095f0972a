import Foundation
import TestSupport

extension CLI {
    /// This CLI with its players joining `bus`, and the real playerctl on it: it returns what
    /// playerctl printed, trimmed, and throws when playerctl failed.
    func onBus(_ bus: PrivateBus) -> (cli: CLI, playerctl: (String...) async throws -> String) {
        var busCLI = self
        busCLI.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        return (
            busCLI,
            { (arguments: String...) async throws -> String in
                let result = try await ExternalTool.run("playerctl", ["-p", "cdwally"] + arguments, bus: bus)
                guard result.status == 0 else {
                    throw TestFailure("playerctl \(arguments): \(result.stderr)")
                }
                return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        )
    }
}
