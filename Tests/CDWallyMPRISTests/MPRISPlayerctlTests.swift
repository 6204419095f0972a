import CDWallyMPRIS
import Foundation
import TestSupport
import Testing

/// The server driven by the real playerctl on a private bus.
@Suite struct MPRISPlayerctlTests {
    @Test func playerctlReadsTheStateGiven() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let delegate = RecordingDelegate(positionMicroseconds: 42_500_000)
        let log = LogRecorder()
        let server = try MPRISServer(
            delegate: delegate, busAddress: bus.address, state: .sample, logger: log.logger)
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
        #expect(log.warnings.isEmpty)
    }

    @Test func pausedThenStoppedWithoutTrack() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let delegate = RecordingDelegate(positionMicroseconds: 7_250_000)
        var state = MPRISState.sample
        state.playbackStatus = .paused
        let server = try MPRISServer(delegate: delegate, busAddress: bus.address, state: state)
        defer { server.stop() }

        let status = try await ExternalTool.run("playerctl", ["-p", "cdwally", "status"], bus: bus)
        #expect(status.stdout == "Paused\n")
        let position = try await ExternalTool.run("playerctl", ["-p", "cdwally", "position"], bus: bus)
        #expect(position.stdout == "7.250000\n")

        state.playbackStatus = .stopped
        state.metadata = nil
        server.update(state)
        let stopped = await eventually {
            let status = try? await ExternalTool.run("playerctl", ["-p", "cdwally", "status"], bus: bus)
            return status?.stdout == "Stopped\n"
        }
        #expect(stopped)
        let properties = try await ExternalTool.allProperties(ExternalTool.playerInterface, bus: bus)
        let metadata = try #require(properties["Metadata"] as? [String: Any])
        #expect(metadata.isEmpty)
    }

    @Test func playerctlCommandsReachTheDelegate() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let delegate = RecordingDelegate()
        let server = try MPRISServer(delegate: delegate, busAddress: bus.address, state: .sample)
        defer { server.stop() }

        // Each playerctl call returns once the server has replied, so the order is kept.
        for arguments in [
            ["play-pause"], ["next"], ["previous"], ["stop"], ["play"], ["pause"], ["position", "3"],
            ["position", "1+"], ["position", "2-"], ["volume", "0.3"],
        ] {
            let result = try await ExternalTool.run("playerctl", ["-p", "cdwally"] + arguments, bus: bus)
            #expect(result.status == 0, "playerctl \(arguments): \(result.stderr)")
        }
        #expect(
            delegate.commands == [
                .toggle, .next, .previous, .stop, .resume, .pause, .seek(.absolute(3)), .seek(.relative(1)),
                .seek(.relative(-2)), .volume(.set(30)),
            ])
    }

    @Test func followSeesStatusAndTrackChanges() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let server = try MPRISServer(delegate: RecordingDelegate(), busAddress: bus.address, state: .sample)
        defer { server.stop() }

        // playerctl --follow prints only on PropertiesChanged, so this checks the signals.
        let follow = try ExternalTool(
            "playerctl", ["-p", "cdwally", "--follow", "metadata", "--format", "{{status}} {{title}}"],
            environment: bus.environment, directory: bus.directory)
        defer { follow.kill() }
        #expect(await eventually { follow.stdout.contains("Playing Ça plane pour moi\n") })

        var state = MPRISState.sample
        state.playbackStatus = .paused
        server.update(state)
        #expect(await eventually { follow.stdout.contains("Paused Ça plane pour moi\n") })

        state.playbackStatus = .playing
        state.metadata?.title = "Pogo pogo"
        state.metadata?.trackID = MPRISTrackID(objectPath: "/org/cdwally/track/x/4")!
        server.update(state)
        #expect(await eventually { follow.stdout.contains("Playing Pogo pogo\n") })
    }
}
