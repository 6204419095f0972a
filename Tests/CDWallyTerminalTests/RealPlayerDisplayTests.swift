import CDWallyCore
import CDWallyPlayer
import Foundation
import TestSupport
import Testing

@testable import CDWallyTerminal

/// The display of a real player: libmpv playing real files into a null output, its
/// snapshots rendered as the terminal would show them.
@Suite struct RealPlayerDisplayTests {
    /// The gapless FLAC fixtures, three tracks of about four seconds, as one disc.
    private func wallet() throws -> Wallet {
        let folder = TestLibrary.fixtures + "/Gapless/flac"
        let tracks = (1...3).map { (number: Int) in
            AlbumTrack(
                path: RawPath("\(folder)/0\(number).flac"), disc: 1, track: number,
                title: "Tone part \(number)",
                artist: "cdwally fixtures", duration: 4)
        }
        let album = Album(
            id: AlbumID(identityKey: "fixtures\u{1F}gapless"), albumArtist: "cdwally fixtures",
            title: "Gapless flac", tracks: tracks, directories: [RawPath(folder)])
        return Wallet(discs: [album], total: 1, capacity: 20)
    }

    @Test func theLCDFollowsTheRealPlayer() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("cdwally-term-\(UUID())")
        defer { try? FileManager.default.removeItem(at: state) }
        var configuration = PlayerConfiguration(
            stateDirectory: RawPath(state.path), mpvOptions: [("ao", "null")])
        configuration.logger.logLevel = .critical
        let player = try Player(configuration: configuration, wallet: try wallet())
        defer { Task { await player.shutdown() } }
        let size = ScreenSize(columns: 80, rows: 12)

        let idle = DisplayRenderer.render(player.snapshot, size: size, state: DisplayState())
        #expect(idle[0].text.hasPrefix("DISC --  TRACK --/--  --:-- / --:--  STOP"))

        try await player.perform(.play(disc: 1, fromStart: true))
        try await player.perform(.pause)
        let paused = player.snapshot
        let track = try #require(paused.trackIndex)
        let lines = DisplayRenderer.render(paused, size: size, state: DisplayState()).map(\.text)
        #expect(lines[0].hasPrefix("DISC 01  TRACK 0\(track)/03  00:0"))
        #expect(lines[0].contains(" / 00:04  PAUSE"))
        #expect(lines[1] == "cdwally fixtures — Gapless flac — Tone part \(track)")
        #expect(lines.contains { $0.hasPrefix("> 0\(track)  Tone part \(track)") })

        try await player.perform(.stop)
        let stopped = DisplayRenderer.render(player.snapshot, size: size, state: DisplayState()).map(\.text)
        #expect(stopped[0].contains("STOP"))
        #expect(stopped[10].hasPrefix("Stopped · space plays"))
        await player.shutdown()
    }
}
