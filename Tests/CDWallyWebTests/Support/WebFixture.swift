import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary
import DoorSupport
import Foundation
import Logging
import TestSupport

@testable import CDWallyWeb

/// A web server in a temporary state folder, in front of a player of two discs of the gapless
/// fixtures: by default a player in memory (`MemoryPlayer`), which the web's own rules need;
/// with `realPlayer`, a real one (libmpv, null output) that reads what `realPlayer` prepared in
/// its state folder, for what only the real player's memory answers. The routes reach the
/// player the way a browser's requests do.
final class WebFixture: @unchecked Sendable {
    let state: String
    let player: any PlayerView
    /// The player in memory, when it is the one.
    let memory: MemoryPlayer?
    private let shutDown: @Sendable () async -> Void
    let server: WebServer
    let access: WebAccess
    let port: Int

    init(
        port: Int = Int.random(in: 41_000..<49_000), limits: ConnectionLimits = ConnectionLimits(),
        library: WebLibrary? = nil, realPlayer prepare: ((_ state: String) throws -> Void)? = nil
    ) throws {
        state = FileManager.default.temporaryDirectory.appendingPathComponent("cdwally-web-\(UUID())").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let inbox: any PlayerInbox
        if let prepare {
            // What the player finds in its state folder when it starts (it reads it then, once).
            try prepare(state)
            var configuration = PlayerConfiguration(
                stateDirectory: RawPath(state), mpvOptions: [("ao", "null")])
            configuration.logger.logLevel = .critical
            let real = try Player(configuration: configuration, wallet: try WebFixture.wallet())
            (player, inbox, memory) = (real, PlayerDoor(player: real), nil)
            shutDown = { await real.shutdown() }
        } else {
            let memory = MemoryPlayer(wallet: try WebFixture.wallet())
            (player, inbox, self.memory) = (memory, memory, memory)
            shutDown = { memory.shutdown() }
        }
        access = WebAccess(stateFolder: state)
        self.port = port
        let listen = WebListenAddress(host: "127.0.0.1", port: port)
        var logger = Logger(label: "cdwally.web.test")
        logger.logLevel = .critical
        var web = WebConfiguration(
            listen: listen, hosts: HostAllowList(listen: listen), access: access,
            doctor: { .object([("library", .string("/music"))]) }, coverFile: { _ in WebFixture.cover },
            cacheFolder: state + "/cache", logger: logger)
        web.coverWorker = [BuiltProducts.cdwally, "cover-worker"]
        web.limits = limits
        web.library = library
        server = WebServer(view: player, inbox: inbox, configuration: web)
    }

    func remove() async {
        await server.stop()
        await shutDown()
        try? FileManager.default.removeItem(atPath: state)
    }

    /// A paired browser's session secret.
    func session() throws -> String {
        let code = try access.newPairingCode()
        return try unwrap(try access.redeem(code: code))
    }

    /// A 300×300 PNG, the cover of every disc here.
    static let cover =
        TestLibrary.fixtures + "/../../Examples/Library/The Sine Waves/Low Tide Arpeggios (2019)/cover.png"

    /// Two discs of three tracks of about four seconds.
    static func wallet() throws -> Wallet {
        let discs = ["flac", "mp3"].map { (format: String) -> Album in
            let folder = TestLibrary.fixtures + "/Gapless/\(format)"
            let tracks = (1...3).map { (number: Int) in
                AlbumTrack(
                    path: RawPath("\(folder)/0\(number).\(format)"), disc: 1, track: number,
                    title: "Tone part \(number)", artist: "cdwally fixtures", duration: 4)
            }
            return Album(
                id: AlbumID(identityKey: "fixtures\u{1F}gapless \(format)"), albumArtist: "cdwally fixtures",
                title: "Gapless \(format)", year: 2024, tracks: tracks, directories: [RawPath(folder)])
        }
        return Wallet(discs: discs, total: 2, capacity: 20)
    }
}
