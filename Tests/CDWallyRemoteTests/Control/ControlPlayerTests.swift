import CDWallyCore
import CDWallyPlayer
import Foundation
import TestSupport
import Testing

@testable import CDWallyRemote

/// The control socket in front of a real player on real libmpv (`ao=null`), with
/// `Player.respond(to:)` as the handler: what `cdwally serve` wires up.
@Suite(.timeLimit(.minutes(3))) struct ControlPlayerTests {
    @Test func requestsThroughTheSocketDriveARealPlayer() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let album = try Self.silentAlbum(in: sandbox.root.appending("music"), seconds: [30, 30])
        var configuration = PlayerConfiguration(
            stateDirectory: sandbox.root.appending("state"), mpvOptions: [("ao", "null")])
        configuration.logger.logLevel = .critical
        let player = try Player(
            configuration: configuration, wallet: Wallet(discs: [album], total: 1, capacity: 20))
        let server = try ControlServer.start(endpoint: endpoint) { await player.respond(to: $0) }
        defer { server.stop() }
        func send(_ request: ControlRequest) async throws -> ControlResponse {
            try await onOwnThread {
                try ControlClient.send(request, endpoint: endpoint, timeout: .seconds(60))
            }
        }

        let idle = try Self.status(try await send(.status))
        #expect(idle == ControlStatus(state: .idle, disc: nil, track: nil, position: 0, trackCount: 0))

        let refusal = try await send(.command(.play(disc: 2, fromStart: false)))
        #expect(refusal == .failure(ControlFailure(PlayerError.discOutOfRange(requested: 2, walletSize: 1))))

        let playing = try Self.status(try await send(.command(.play(disc: 1, fromStart: true))))
        #expect(playing.state == .playing)
        #expect(
            playing.disc
                == ControlStatus.Disc(
                    position: 1, id: album.id.rawValue, albumArtist: "cdwally tests", album: "Silence"))
        #expect(playing.track?.index == 1)
        #expect(playing.track?.title == "Quiet 1")
        #expect(playing.trackCount == 2)

        let sought = try Self.status(try await send(.command(.seek(.absolute(12)))))
        #expect((11.5...20).contains(sought.position), "\(sought.position)")

        let back = try Self.status(try await send(.command(.seek(.relative(-5)))))
        #expect(back.position < sought.position)

        let paused = try Self.status(try await send(.command(.pause)))
        #expect(paused.state == .paused)

        let second = try Self.status(try await send(.command(.next)))
        #expect(second.track?.index == 2)
        #expect(second.track?.title == "Quiet 2")
        #expect((29...31).contains(second.track?.duration ?? 0))

        let stopped = try Self.status(try await send(.command(.stop)))
        #expect(stopped.state == .stopped)
        #expect(stopped.disc?.position == 1)

        #expect(try Self.status(try await send(.command(.quit))).disc?.position == 1)
        let afterQuit = try await send(.command(.toggle))
        guard case .failure(let failure) = afterQuit else {
            Issue.record("a player that quit answered \(afterQuit)")
            return
        }
        #expect(failure.code == .shutDown)
        await player.shutdown()
    }

    private static func status(_ response: ControlResponse) throws -> ControlStatus {
        guard case .ok(let status) = response else { throw TestFailure("expected a status, got \(response)") }
        return status
    }

    /// An album of silent 8 kHz mono WAV files, one per entry of `seconds`.
    private static func silentAlbum(in folder: RawPath, seconds: [Int]) throws -> Album {
        try FileManager.default.createDirectory(atPath: folder.display, withIntermediateDirectories: true)
        let tracks = try seconds.enumerated().map { offset, length in
            let path = folder.appending("\(offset + 1) quiet.wav")
            try silentWAV(seconds: length).write(to: URL(fileURLWithPath: path.display))
            return AlbumTrack(
                path: path, disc: 1, track: offset + 1, title: "Quiet \(offset + 1)", artist: "cdwally tests",
                duration: Double(length))
        }
        return Album(
            id: AlbumID(identityKey: "cdwally tests\u{1F}silence"), albumArtist: "cdwally tests",
            title: "Silence",
            tracks: tracks, directories: [folder])
    }

    private static func silentWAV(seconds: Int) -> Data {
        let rate: UInt32 = 8000
        let dataSize = rate * 2 * UInt32(seconds)
        var bytes: [UInt8] = []
        func append(_ text: String) { bytes += Array(text.utf8) }
        func append32(_ value: UInt32) { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
        func append16(_ value: UInt16) { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
        append("RIFF")
        append32(36 + dataSize)
        append("WAVEfmt ")
        append32(16)
        append16(1)  // PCM
        append16(1)  // mono
        append32(rate)
        append32(rate * 2)
        append16(2)
        append16(16)
        append("data")
        append32(dataSize)
        bytes += [UInt8](repeating: 0, count: Int(dataSize))
        return Data(bytes)
    }
}
