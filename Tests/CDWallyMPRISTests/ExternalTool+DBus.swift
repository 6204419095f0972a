import Foundation
import TestSupport

/// Shortcuts for the D-Bus tools that reach what playerctl cannot (Quit, OpenUri, raw
/// SetPosition, Introspect, GetAll).
extension ExternalTool {
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"

    /// `dbus-send --print-reply` to `busName`; the tool exits once the reply is in.
    static func dbusSend(
        _ member: String, _ arguments: [String] = [], interface: String = playerInterface,
        busName: String = "org.mpris.MediaPlayer2.cdwally", bus: PrivateBus
    ) async throws -> Result {
        try await run(
            "dbus-send",
            ["--print-reply", "--dest=\(busName)", objectPath, "\(interface).\(member)"] + arguments,
            bus: bus)
    }

    /// Sets a property of the player interface with `dbus-send`, as a client does: `value` is
    /// dbus-send's typed form (`double:0.5`, `boolean:true`).
    static func setPlayerProperty(_ name: String, _ value: String, bus: PrivateBus) async throws -> Result {
        try await dbusSend(
            "Set", ["string:\(playerInterface)", "string:\(name)", "variant:\(value)"],
            interface: "org.freedesktop.DBus.Properties", bus: bus)
    }

    /// `busctl --json=short` with `arguments`, the JSON answer decoded.
    static func busctlJSON(_ arguments: [String], bus: PrivateBus) async throws -> Any {
        let result = try await run(
            "busctl", ["--address=\(bus.address)", "--json=short"] + arguments, bus: bus)
        guard result.status == 0 else { throw TestFailure("busctl \(arguments) failed: \(result.stderr)") }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Every property of `interface` as `name: value` (busctl's `data` of each variant).
    static func allProperties(
        _ interface: String, busName: String = "org.mpris.MediaPlayer2.cdwally", bus: PrivateBus
    ) async throws -> [String: Any] {
        let answer = try await busctlJSON(
            ["call", busName, objectPath, "org.freedesktop.DBus.Properties", "GetAll", "s", interface],
            bus: bus)
        guard let reply = answer as? [String: Any], let data = reply["data"] as? [Any],
            let properties = data.first as? [String: [String: Any]]
        else { throw TestFailure("unexpected GetAll answer: \(answer)") }
        return properties.compactMapValues { $0["data"] }
    }
}
