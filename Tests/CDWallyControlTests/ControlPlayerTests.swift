import CDWallyCore
import CDWallyPlayer
import CDWallySystem
import CDWallyVocabulary
import Foundation
import TestSupport
import Testing

@testable import CDWallyControl

/// The control socket in front of a real player on real libmpv (`ao=null`), with
/// `Player.respond(to:)` as the handler: what `cdwally serve` wires up.
@Suite(.timeLimit(.minutes(3))) struct ControlPlayerTests {
    @Test func requestsThroughTheSocketDriveARealPlayer() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let album = try SilentAlbum.make(in: sandbox.root.appending("music"), seconds: [30, 30])
        var configuration = PlayerConfiguration(
            stateDirectory: sandbox.root.appending("state"), mpvOptions: [("ao", "null")])
        configuration.logger.logLevel = .critical
        let player = try Player(
            configuration: configuration, wallet: Wallet(discs: [album], total: 1, capacity: 20))
        let quits = LockedValue(0)
        let door = PlayerDoor(player: player, onQuit: { quits.withLock { $0 += 1 } })
        let server = try ControlServer.start(endpoint: endpoint, handler: door.handler)
        defer { server.stop() }
        func send(_ request: ControlRequest) async throws -> ControlResponse {
            try await onOwnThread {
                try ControlClient.send(request, endpoint: endpoint, timeout: .seconds(60))
            }
        }

        let idle = try Self.status(try await send(.status))
        var expected = PlayerStatus(state: .idle, disc: nil, track: nil, elapsed: 0, trackCount: 0)
        // The player states the levels a door may ask for: no volume_limit or volume_min set.
        expected.volumeLimit = 100
        expected.volumeMin = 0
        #expect(idle == expected)

        let refusal = try await send(.command(.play(disc: 2, fromStart: false)))
        #expect(refusal == .failure(ControlFailure(PlayerError.discOutOfRange(requested: 2, walletSize: 1))))

        let playing = try Self.status(try await send(.command(.play(disc: 1, fromStart: true))))
        #expect(playing.state == .playing)
        #expect(
            playing.disc
                == PlayerStatus.Disc(
                    position: 1, id: album.id.rawValue, albumArtist: "cdwally tests", album: "Silence",
                    trackCount: 2))
        #expect(playing.track?.index == 1)
        #expect(playing.track?.title == "Quiet 1")
        #expect(playing.trackCount == 2)

        let sought = try Self.status(try await send(.command(.seek(.absolute(12)))))
        #expect((11.5...20).contains(sought.elapsed), "\(sought.elapsed)")

        let back = try Self.status(try await send(.command(.seek(.relative(-5)))))
        #expect(back.elapsed < sought.elapsed)

        let paused = try Self.status(try await send(.command(.pause)))
        #expect(paused.state == .paused)

        let second = try Self.status(try await send(.command(.next)))
        #expect(second.track?.index == 2)
        #expect(second.track?.title == "Quiet 2")
        #expect((29...31).contains(second.track?.duration ?? 0))

        let first = try Self.status(try await send(.command(.track(1))))
        #expect(first.track?.index == 1)
        #expect(first.state == .paused)
        #expect(
            try await send(.command(.track(3)))
                == .failure(
                    ControlFailure(
                        code: .outOfRange, message: "there is no track 3 on 'Silence': it has 2 tracks (1–2)",
                        kind: .outOfRange)
                ))

        let stopped = try Self.status(try await send(.command(.stop)))
        #expect(stopped.state == .stopped)
        #expect(stopped.disc?.position == 1)

        // `quit` is the host's: answered with the state, the shutdown being the host's to do.
        #expect(try Self.status(try await send(.quit)).disc?.position == 1)
        #expect(quits.current == 1)
        await player.shutdown()
        let afterQuit = try await send(.command(.toggle))
        guard case .failure(let failure) = afterQuit else {
            Issue.record("a player that quit answered \(afterQuit)")
            return
        }
        #expect(failure.code == .shutDown)
        await player.shutdown()
    }

    private static func status(_ response: ControlResponse) throws -> PlayerStatus {
        guard case .ok(let status) = response else { throw TestFailure("expected a status, got \(response)") }
        return status
    }
}
