import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import DoorSupport
import Foundation
import TestSupport
import Testing

@testable import CDWallyControl

/// The control socket in front of a player in memory, with `ControlResponder` as the handler:
/// what `cdwally serve` wires up. Over the real player (libmpv, `ao=null`), the socket is
/// tested by `OrderedCommandsTests`, and through the binary by CLITests
/// (`ControlCommandTests`, `QuickClientTests`).
@Suite(.timeLimit(.minutes(3))) struct ControlPlayerTests {
    @Test func requestsThroughTheSocketDriveThePlayer() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let album = try SilentAlbum.make(in: sandbox.root.appending("music"), seconds: [30, 30])
        let player = MemoryPlayer(wallet: Wallet(discs: [album], total: 1, capacity: 20))
        let quits = LockedValue(0)
        let responder = ControlResponder(view: player, inbox: player, quit: { quits.withLock { $0 += 1 } })
        let server = try ControlServer.start(
            endpoint: endpoint, handler: { request, answer in responder.respond(to: request, answer: answer) }
        )
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
        #expect(sought.elapsed == 12)

        let back = try Self.status(try await send(.command(.seek(.relative(-5)))))
        #expect(back.elapsed == 7)

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
        player.shutdown()
        let afterQuit = try await send(.command(.toggle))
        guard case .failure(let failure) = afterQuit else {
            Issue.record("a player that quit answered \(afterQuit)")
            return
        }
        #expect(failure.code == .shutDown)
        // Every request reached the player as the command it names, in order.
        #expect(
            player.commands == [
                .play(disc: 2, fromStart: false), .play(disc: 1, fromStart: true), .seek(.absolute(12)),
                .seek(.relative(-5)), .pause, .next, .track(1), .track(3), .stop, .toggle,
            ])
    }

    private static func status(_ response: ControlResponse) throws -> PlayerStatus {
        guard case .ok(let status) = response else { throw TestFailure("expected a status, got \(response)") }
        return status
    }
}
