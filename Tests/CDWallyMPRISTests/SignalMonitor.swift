import TestSupport

/// A real `dbus-monitor` watching the signals of `/org/mpris/MediaPlayer2` on a private
/// bus, for checking that PropertiesChanged and Seeked go out.
final class SignalMonitor {
    private let tool: ExternalTool

    /// Starts the monitor and waits until it is listening (it reports becoming a monitor
    /// by losing its own name).
    init(bus: PrivateBus) async throws {
        tool = try ExternalTool(
            "dbus-monitor", ["--address", bus.address, "type=signal,path=/org/mpris/MediaPlayer2"],
            environment: bus.environment, directory: bus.directory)
        let tool = tool
        guard await eventually({ tool.stdout.contains("member=NameLost") }) else {
            throw TestFailure("dbus-monitor did not start: \(tool.stderr)")
        }
    }

    /// The signals seen so far, one block per signal, the monitor's own start-up left out.
    var signals: [String] {
        tool.stdout.components(separatedBy: "\nsignal ").filter { $0.contains("/org/mpris/MediaPlayer2") }
            .map { $0.hasPrefix("signal ") ? String($0.dropFirst("signal ".count)) : $0 }
    }

    /// The PropertiesChanged signals seen so far.
    var propertiesChanged: [String] { signals.filter { $0.contains("member=PropertiesChanged") } }

    func stop() async throws {
        try await tool.terminate()
    }
}
