import CDWallyCore
import CDWallyMPRIS
import CDWallyPlayer
import Foundation
import TestSupport
import Testing

/// MPRIS `Volume` in front of a real player (`ao=null`) on a private bus: playerctl sets
/// the player's software volume and reads it back, and PropertiesChanged carries it.
@Suite(.timeLimit(.minutes(2))) struct MPRISVolumeTests {
    @Test func playerctlSetsAndReadsTheVolume() async throws {
        let folder = try TemporaryDirectory(prefix: "cdwally-mpris-volume")
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let album = try SilentAlbum.make(in: folder.child("music"), seconds: [30])
        var configuration = PlayerConfiguration(
            stateDirectory: folder.child("state"), mpvOptions: [("ao", "null")])
        configuration.logger.logLevel = .critical
        let player = try Player(
            configuration: configuration, wallet: Wallet(discs: [album], total: 1, capacity: 20))
        let server = try MPRISBridge(
            view: player, inbox: PlayerDoor(player: player), quit: {}, coverFile: { _ in nil }
        )
        .start(busAddress: bus.address, logger: LogRecorder().logger)
        defer { server.stop() }

        let follow = try ExternalTool(
            "playerctl", ["-p", "cdwally", "--follow", "volume"], environment: bus.environment,
            directory: bus.directory)
        defer { follow.kill() }
        #expect(await eventually { follow.stdout.contains("1.000000\n") })

        let set = try await ExternalTool.run("playerctl", ["-p", "cdwally", "volume", "0.5"], bus: bus)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(await eventually { player.snapshot.volume == 50 })
        #expect(await eventually { follow.stdout.contains("0.500000\n") })
        let read = try await ExternalTool.run("playerctl", ["-p", "cdwally", "volume"], bus: bus)
        #expect(read.stdout == "0.500000\n")

        try await player.perform(.volume(.mute))
        #expect(await eventually { follow.stdout.contains("0.000000\n") })
        await player.shutdown()
    }
}
