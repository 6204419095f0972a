import CDWallyCore
import CDWallyMPRIS
import CDWallyVocabulary
import DoorSupport
import Foundation
import TestSupport
import Testing

/// MPRIS `Volume` on a private bus, in front of a player in memory: playerctl sets the
/// player's volume and reads it back, PropertiesChanged carries it, and `volume_limit` holds.
/// Over the real player, MPRIS is tested by `OrderedCommandsTests` (playerctl's seeks among
/// the other doors') and through the binary by CLITests (`ControlCommandTests`,
/// `VolumeLimitTests`).
@Suite(.timeLimit(.minutes(2))) struct MPRISVolumeTests {
    @Test func playerctlSetsAndReadsTheVolume() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let player = MemoryPlayer(wallet: Self.wallet, volumeBounds: VolumeBounds(limit: 80))
        let server = try MPRISBridge(view: player, inbox: player, quit: {}, coverFile: { _ in nil })
            .start(busAddress: bus.address, logger: LogRecorder().logger)
        defer { server.stop() }

        let follow = try ExternalTool(
            "playerctl", ["-p", "cdwally", "--follow", "volume"], environment: bus.environment,
            directory: bus.directory)
        defer { follow.kill() }
        // The start level under a limit is the limit.
        #expect(await eventually { follow.stdout.contains("0.800000\n") })

        let set = try await ExternalTool.run("playerctl", ["-p", "cdwally", "volume", "0.5"], bus: bus)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(await eventually { player.snapshot.volume == 50 })
        #expect(await eventually { follow.stdout.contains("0.500000\n") })
        let read = try await ExternalTool.run("playerctl", ["-p", "cdwally", "volume"], bus: bus)
        #expect(read.stdout == "0.500000\n")
        #expect(player.commands == [.volume(.set(50))])

        // Above the limit, the limit: what the player set is what MPRIS says.
        _ = try await ExternalTool.run("playerctl", ["-p", "cdwally", "volume", "1.0"], bus: bus)
        #expect(await eventually { follow.stdout.hasSuffix("0.800000\n") })

        try await player.perform(.volume(.mute))
        #expect(await eventually { follow.stdout.contains("0.000000\n") })
        player.shutdown()
    }

    static let wallet: Wallet = {
        let folder = RawPath("/music/Quiet/Silence")
        let album = Album(
            id: AlbumID(identityKey: "quiet\u{1F}silence"), albumArtist: "Quiet", title: "Silence",
            tracks: [
                AlbumTrack(
                    path: folder.appending("01.flac"), disc: 1, track: 1, title: "Quiet 1", artist: "Quiet",
                    duration: 30)
            ],
            directories: [folder])
        return Wallet(discs: [album], total: 1, capacity: 20)
    }()
}
