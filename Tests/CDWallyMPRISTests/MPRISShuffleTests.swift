import CDWallyMPRIS
import TestSupport
import Testing

/// MPRIS `Shuffle`, read and written by the real playerctl, and announced by PropertiesChanged
/// as dbus-monitor sees it.
@Suite struct MPRISShuffleTests {
    @Test func playerctlReadsAndWritesShuffle() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let delegate = RecordingDelegate()
        let server = try MPRISServer(delegate: delegate, busAddress: bus.address, state: .sample)
        defer { server.stop() }

        let off = try await ExternalTool.run("playerctl", ["-p", "cdwally", "shuffle"], bus: bus)
        #expect(off.stdout == "Off\n")
        for setting in ["On", "Off", "Toggle"] {
            let result = try await ExternalTool.run(
                "playerctl", ["-p", "cdwally", "shuffle", setting], bus: bus)
            #expect(result.status == 0, "playerctl shuffle \(setting): \(result.stderr)")
        }
        // playerctl's Toggle reads Shuffle (still off here: the delegate records, plays nothing)
        // and writes the opposite.
        #expect(delegate.commands == [.shuffle(true), .shuffle(false), .shuffle(true)])

        let monitor = try await SignalMonitor(bus: bus)
        var state = MPRISState.sample
        state.shuffle = true
        server.update(state)
        #expect(await eventually { !monitor.propertiesChanged.isEmpty })
        let signal = try #require(monitor.propertiesChanged.first)
        #expect(signal.contains("string \"Shuffle\""))
        #expect(signal.contains("boolean true"))
        #expect(!signal.contains("PlaybackStatus"))
        try await monitor.stop()
        let on = try await ExternalTool.run("playerctl", ["-p", "cdwally", "shuffle"], bus: bus)
        #expect(on.stdout == "On\n")
    }
}
