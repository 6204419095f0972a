import CDWallyCore
import CDWallyMPRIS
import CDWallyPlayer
import CDWallySystem
import CDWallyVocabulary
import Foundation
import TestSupport
import Testing

@testable import CDWallyControl

/// Commands from every front end at once reach one real player (`ao=null`) through its one
/// mailbox: each sender's commands take effect in the order it sent them, none is lost, and
/// a command that fails answers its own sender with the error.
@Suite(.timeLimit(.minutes(5))) struct OrderedCommandsTests {
    /// Three senders interleave absolute seeks, each to targets of its own range, so the
    /// `seeked` events tell who was served and in what order: the control socket (a client
    /// that waits for each answer), MPRIS (playerctl on a private bus, one call a process),
    /// and a key source that sends without waiting, as the evdev reader's thread does.
    @Test func interleavedCommandsTakeEffectInTheOrderSent() async throws {
        let sandbox = try ControlSandbox()
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let album = try SilentAlbum.make(in: sandbox.root.appending("music"), seconds: [90])
        var configuration = PlayerConfiguration(
            stateDirectory: sandbox.root.appending("state"), mpvOptions: [("ao", "null")])
        configuration.logger.logLevel = .critical
        let player = try Player(
            configuration: configuration, wallet: Wallet(discs: [album], total: 1, capacity: 20))
        try await player.perform(.play(disc: 1, fromStart: true))

        let server = try ControlServer.start(
            endpoint: sandbox.endpoint, handler: PlayerDoor(player: player).handler)
        defer { server.stop() }
        let mpris = try MPRISBridge(
            view: player, inbox: PlayerDoor(player: player), quit: {}, coverFile: { _ in nil }
        )
        .start(busAddress: bus.address, logger: LogRecorder().logger)
        defer { mpris.stop() }

        let seeks = SeekLog()
        let events = player.events()
        let listener = Task {
            for await event in events {
                if case .seeked(let snapshot) = event { seeks.add(snapshot.elapsed) }
            }
        }
        defer { listener.cancel() }

        let count = 100
        let keys = (0..<count).map { 1 + Double($0) / 10 }
        let mprisTargets = (0..<count / 2).map { 25 + Double($0) / 5 }
        let socket = (0..<count).map { 50 + Double($0) / 10 }
        let endpoint = sandbox.endpoint
        async let keyTask: Void = onOwnThread {
            for target in keys {
                player.send(.seek(.absolute(target)))
                usleep(2_000)
            }
        }
        async let socketTask: Void = onOwnThread {
            let client = try ControlClient(endpoint: endpoint, timeout: .seconds(60))
            for target in socket {
                guard case .ok = try client.send(.command(.seek(.absolute(target)))) else {
                    throw TestFailure("the seek to \(target) failed")
                }
            }
        }
        for target in mprisTargets {
            let result = try await ExternalTool.run(
                "playerctl", ["-p", "cdwally", "position", String(format: "%.1f", target)], bus: bus)
            #expect(result.status == 0, "\(result.stderr)")
        }
        try await keyTask
        try await socketTask
        #expect(await eventually { seeks.values.count >= keys.count + mprisTargets.count + socket.count })
        await player.shutdown()

        let seen = seeks.values
        for (name, sent) in [("keys", keys), ("MPRIS", mprisTargets), ("socket", socket)] {
            let range = sent.first! - 0.5...sent.last! + 0.5
            let applied = seen.filter { range.contains($0) }
            #expect(applied.count == sent.count, "\(name): \(applied.count) of \(sent.count) seeks seen")
            let outOfOrder = zip(applied, sent).filter { abs($0 - $1) > 0.05 }
            #expect(outOfOrder.isEmpty, "\(name): first out of place \(outOfOrder.prefix(3))")
        }
    }

    /// A refused command answers whoever sent it: a control client gets the error answer,
    /// an MPRIS caller a D-Bus error (playerctl fails), a key's sender its reply.
    @Test func aFailingCommandsErrorReachesItsSender() async throws {
        let sandbox = try ControlSandbox()
        let bus = try await PrivateBus()
        defer { bus.stop() }
        // A disc whose only file is gone: playing it fails.
        let folder = sandbox.root.appending("music")
        let album = try SilentAlbum.make(in: folder, seconds: [5])
        try FileManager.default.removeItem(atPath: album.tracks[0].path.display)
        var configuration = PlayerConfiguration(
            stateDirectory: sandbox.root.appending("state"), mpvOptions: [("ao", "null")])
        configuration.logger.logLevel = .critical
        let player = try Player(
            configuration: configuration, wallet: Wallet(discs: [album], total: 1, capacity: 20))
        let server = try ControlServer.start(
            endpoint: sandbox.endpoint, handler: PlayerDoor(player: player).handler)
        defer { server.stop() }
        let mpris = try MPRISBridge(
            view: player, inbox: PlayerDoor(player: player), quit: {}, coverFile: { _ in nil }
        )
        .start(busAddress: bus.address, logger: LogRecorder().logger)
        defer { mpris.stop() }

        let endpoint = sandbox.endpoint
        let answer = try await onOwnThread {
            try ControlClient.send(.command(.play(disc: 3, fromStart: false)), endpoint: endpoint)
        }
        #expect(answer == .failure(ControlFailure(PlayerError.discOutOfRange(requested: 3, walletSize: 1))))

        let played = try await ExternalTool.run("playerctl", ["-p", "cdwally", "play"], bus: bus)
        #expect(played.status != 0)
        #expect(played.stderr.contains("Silence"), "\(played.stderr)")

        let reply = await withCheckedContinuation { continuation in
            player.send(.nextDisc) { continuation.resume(returning: $0) }
        }
        guard case .failure(let error) = reply else {
            Issue.record("next-disc on an unplayable wallet succeeded")
            return
        }
        #expect(error == .nothingPlayable(album: "Silence"))
        await player.shutdown()
    }
}

/// The positions `seeked` events reported, in order.
private final class SeekLog: Sendable {
    private let recorded = LockedValue<[Double]>([])
    func add(_ value: Double) { recorded.withLock { $0.append(value) } }
    var values: [Double] { recorded.current }
}
