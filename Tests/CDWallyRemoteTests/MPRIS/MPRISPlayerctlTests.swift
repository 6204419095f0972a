import CDWallyRemote
import Foundation
import Testing

/// The server driven by the real playerctl on a private bus.
@Suite struct MPRISPlayerctlTests {
    @Test func playerctlReadsTheStateGiven() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let delegate = RecordingDelegate(positionMicroseconds: 42_500_000)
        let server = try MPRISServer(delegate: delegate, busAddress: bus.address, state: .sample)
        defer { server.stop() }

        let players = try await ExternalTool.run("playerctl", ["-l"], bus: bus)
        #expect(players.stdout.split(separator: "\n").contains("cdwally"))
        let status = try await ExternalTool.run("playerctl", ["-p", "cdwally", "status"], bus: bus)
        #expect(status.stdout == "Playing\n")
        let format =
            "{{mpris:trackid}}|{{xesam:title}}|{{xesam:artist}}|{{xesam:album}}|{{xesam:albumArtist}}|"
            + "{{xesam:trackNumber}}|{{xesam:discNumber}}|{{mpris:length}}|{{mpris:artUrl}}|{{xesam:url}}"
        let metadata = try await ExternalTool.run(
            "playerctl", ["-p", "cdwally", "metadata", "--format", format], bus: bus)
        let track = try #require(MPRISState.sample.metadata)
        #expect(
            metadata.stdout
                == "'\(track.trackID.objectPath)'|Ça plane pour moi|Plastic Bertrand, Lou Deprijck|AN1|"
                + "Plastic Bertrand|3|2|181000000|file:///tmp/cdwally%20art/cover.jpg|"
                + "file:///music/Plastic%20Bertrand/AN1/03%20%C3%87a%20plane.flac\n")
        let position = try await ExternalTool.run("playerctl", ["-p", "cdwally", "position"], bus: bus)
        // playerctl adds the time since it read Position while the status is Playing.
        let seconds = try #require(Double(position.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(seconds >= 42.5 && seconds < 60)
        let volume = try await ExternalTool.run("playerctl", ["-p", "cdwally", "volume"], bus: bus)
        #expect(volume.stdout == "0.500000\n")
        #expect(delegate.commands.isEmpty)
    }
}
