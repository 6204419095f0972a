import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// Per-disc resume through the real engine: `ao=null` plays in real time, so positions mean
/// something; each test has its own state folder.
@Suite struct PlayerResumeTests {
    @Test func resumesOnTheSameTrackWithinASecondAfterShutdown() async throws {
        let wallet = try FixtureWallet.wallet()
        let first = try PlayerHarness(wallet: wallet)
        try await first.player.perform(.play(disc: 3, fromStart: false))
        try await first.player.perform(.next)
        #expect(await eventually { first.player.snapshot.elapsed >= 1.0 })
        let left = first.player.snapshot
        await first.close(keepFiles: true)
        #expect(left.trackIndex == 2)

        let second = try PlayerHarness(wallet: wallet, directory: first.directory)
        let resumed = try await second.player.perform(.play(disc: nil, fromStart: false))
        await second.close()

        #expect(resumed.disc?.position == 3)
        #expect(resumed.trackIndex == 2)
        #expect(abs(resumed.elapsed - left.elapsed) < 1.0)
        #expect(second.events.contains { if case .seeked = $0 { return true } else { return false } })
        #expect(first.notices == [] && second.notices == [])
    }

    @Test func fromStartIgnoresTheSavedPlace() async throws {
        let wallet = try FixtureWallet.wallet()
        let harness = try PlayerHarness(wallet: wallet)
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        try await harness.player.perform(.next)
        try await harness.player.perform(.seek(.absolute(2)))
        try await harness.player.perform(.stop)
        #expect(harness.player.snapshot.trackIndex == 2)

        let snapshot = try await harness.player.perform(.play(disc: 1, fromStart: true))
        await harness.close()
        #expect(snapshot.trackIndex == 1)
        #expect(snapshot.elapsed < 1)
    }

    @Test func stopThenPlayContinuesWhereItStopped() async throws {
        let wallet = try FixtureWallet.wallet()
        let harness = try PlayerHarness(wallet: wallet)
        try await harness.player.perform(.play(disc: 2, fromStart: false))
        try await harness.player.perform(.next)
        try await harness.player.perform(.seek(.absolute(1.5)))
        let stopped = try await harness.player.perform(.stop)
        let resumed = try await harness.player.perform(.play(disc: nil, fromStart: false))
        await harness.close()

        #expect(stopped.state == .stopped)
        #expect(stopped.trackIndex == 2)
        #expect(resumed.state == .playing)
        #expect(resumed.disc?.position == 2)
        #expect(resumed.trackIndex == 2)
        #expect(abs(resumed.elapsed - stopped.elapsed) < 1.0)
    }

    @Test func switchingDiscsSavesTheOneLeft() async throws {
        let wallet = try FixtureWallet.wallet()
        let harness = try PlayerHarness(wallet: wallet)
        try await harness.player.perform(.play(disc: 1, fromStart: false))
        try await harness.player.perform(.next)
        try await harness.player.perform(.seek(.absolute(1.5)))
        try await harness.player.perform(.play(disc: 2, fromStart: false))

        let saved = harness.store
        let left = try #require(saved.resume(for: wallet.discs[0].id))
        #expect(left.trackIndex == 2)
        #expect(left.trackPath == wallet.discs[0].tracks[1].path)
        #expect(left.position >= 1.4 && left.position < 3)
        #expect(!left.finished)
        // The disc switched to becomes the last one once its first sound is heard, which a
        // loaded machine may deliver after `play` has answered.
        #expect(await eventually { saved.lastDisc == wallet.discs[1].id })

        let back = try await harness.player.perform(.play(disc: 1, fromStart: false))
        await harness.close()
        #expect(back.trackIndex == 2)
        #expect(abs(back.elapsed - left.position) < 1.0)
    }

    @Test func resumeFindsTheTrackByPathWhenTheAlbumWasRenumbered() async throws {
        let wallet = try FixtureWallet.wallet(["flac"])
        let harness = try PlayerHarness(wallet: wallet)
        let album = wallet.discs[0]
        harness.store.record(
            DiscResume(
                trackIndex: 1, trackPath: album.tracks[2].path, position: 1.0, finished: false,
                lastPlayed: Date()),
            for: album.id)
        await harness.close(keepFiles: true)

        let second = try PlayerHarness(wallet: wallet, directory: harness.directory)
        let snapshot = try await second.player.perform(.play(disc: 1, fromStart: false))
        await second.close()
        #expect(snapshot.trackIndex == 3)
        #expect(abs(snapshot.elapsed - 1.0) < 1.0)
    }

    @Test(arguments: DamagedResumeFile.allCases)
    func ignoresADamagedResumeFileWithAWarning(damage: DamagedResumeFile) async throws {
        let directory = try TemporaryDirectory()
        let state = directory.url.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try damage.contents.write(to: state.appendingPathComponent("resume.json"))

        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet(), directory: directory)
        let snapshot = try await harness.player.perform(.play(disc: nil, fromStart: false))
        #expect(await harness.waitFor { !$0.isEmpty })
        await harness.close(keepFiles: true)
        defer { directory.remove() }

        #expect(snapshot.disc?.position == 1)
        #expect(snapshot.trackIndex == 1)
        let warnings = harness.notices.compactMap { event -> String? in
            if case .warning(.resumeStateIgnored(let file, _)) = event { return file }
            return nil
        }
        #expect(warnings == [state.appendingPathComponent("resume.json").path])
        // The next save replaced the damaged file with a good one.
        let reread = ResumeStore(directory: RawPath(state.path))
        #expect(reread.loadProblem == nil)
        #expect(reread.lastDisc == harness.player.snapshot.disc?.album.id)
    }

    /// A newer cdwally's file is not damaged: the player plays from the start, says so naming
    /// the version, and never writes over it.
    @Test func aNewerResumeFileIsLeftAsItIsWithAWarning() async throws {
        let directory = try TemporaryDirectory()
        let state = directory.url.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let newer = Data("{\"version\": 99, \"discs\": {}}".utf8)
        let file = state.appendingPathComponent("resume.json")
        try newer.write(to: file)

        let harness = try PlayerHarness(wallet: try FixtureWallet.wallet(), directory: directory)
        let snapshot = try await harness.player.perform(.play(disc: nil, fromStart: false))
        #expect(await harness.waitFor { !$0.isEmpty })
        await harness.close(keepFiles: true)
        defer { directory.remove() }

        #expect(snapshot.disc?.position == 1 && snapshot.trackIndex == 1)
        let warnings = harness.notices.compactMap { event -> PlayerWarning? in
            if case .warning(let warning) = event { return warning }
            return nil
        }
        #expect(warnings == [.newerStateFile(file: file.path, version: 99, readable: 1)])
        #expect(try Data(contentsOf: file) == newer)
    }
}

/// Ways a resume file can be spoilt; named so test output stays printable.
enum DamagedResumeFile: String, CaseIterable, Sendable {
    case cutShort
    case binaryGarbage
    case empty
    case notAnObject
    case impossiblePosition

    var contents: Data {
        switch self {
        case .cutShort: return Data("{\"version\": 1, \"lastDisc\": \"0a1c".utf8)
        case .binaryGarbage: return Data([0, 7, 0x67, 0x61, 0xFF, 0xFE, 0x80])
        case .empty: return Data()
        case .notAnObject: return Data("[1, 2, 3]".utf8)
        case .impossiblePosition:
            return Data(
                """
                {"version": 1, "discs": {"x": {"track": -3, "path": "/a", "position": 1, "finished": false,
                "lastPlayed": "2025-01-01T00:00:00Z"}}}
                """.utf8)
        }
    }
}
