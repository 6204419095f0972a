import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// Listens recorded by the real engine on real libmpv (`ao=null`, real time): what is counted
/// as heard, when a listen ends, and what is on disk in the middle of one.
@Suite struct PlayerListeningTests {
    @Test func aDiscPlayedToItsEndIsOneFinishedListenOfTheTimeHeardNotTheTimePaused() async throws {
        let wallet = try FixtureWallet.wallet()
        let album = wallet.discs[0]
        let harness = try PlayerHarness(wallet: wallet)
        let before = Date()
        try await harness.player.perform(.play(disc: 1, fromStart: true))
        #expect(await eventually { harness.player.snapshot.trackIndex == 2 })
        try await harness.player.perform(.pause)
        try await Task.sleep(for: .seconds(3))
        try await harness.player.perform(.resume)
        #expect(await harness.waitFor { _ in !harness.finishedDiscs.isEmpty })
        let wall = Date().timeIntervalSince(before)
        await harness.close(keepFiles: true)
        defer { harness.directory.remove() }

        let log = ListeningLog(directory: harness.stateDirectory)
        #expect(log.problems.isEmpty)
        let listen = try #require(log.history.listens.first)
        #expect(log.history.listens.count == 1)
        #expect(listen.disc == album.id && listen.title == album.title && listen.artist == album.albumArtist)
        #expect(listen.finished)
        #expect(listen.start >= before.addingTimeInterval(-1) && listen.start <= before.addingTimeInterval(2))
        // All of the disc was heard; the three seconds of pause were not.
        #expect(
            abs(listen.seconds - album.duration) < 1.0,
            "heard \(listen.seconds) of \(album.duration), wall \(wall)")
        #expect(wall > album.duration + 2.5)
        #expect(harness.notices == [])
    }

    @Test func theListenInProgressIsOnDiskAndEndsWhenAnotherDiscIsPut() async throws {
        let wallet = try FixtureWallet.wallet()
        let harness = try PlayerHarness(wallet: wallet, minimumListen: 1)
        try await harness.player.perform(.play(disc: 2, fromStart: true))
        // The second track's start saved the place, and with it the listen of about 4 s.
        #expect(
            await eventually {
                harness.player.snapshot.trackIndex == 2 && harness.player.snapshot.elapsed > 0.5
            })
        // What a power cut now would leave, as the next reader sees it.
        let midway = try #require(
            ListeningLog(directory: harness.stateDirectory, minimumSeconds: 1).history.listens.first)
        #expect(midway.disc == wallet.discs[1].id && !midway.finished)
        #expect(midway.seconds > 3 && midway.seconds < 5.5, "heard \(midway.seconds)")
        #expect(
            !FileManager.default.fileExists(atPath: harness.stateDirectory.appending("listens.json").display))
        // The player's own readers (the web's GETs) count it from memory, as a reader of the files.
        #expect(harness.player.listeningTotals[wallet.discs[1].id]?.listens == 1)

        try await harness.player.perform(.seek(.absolute(2)))
        try await harness.player.perform(.play(disc: 3, fromStart: true))
        let left = harness.player.snapshot
        // Ended, it is counted once, whether the log holds it yet or not.
        #expect(harness.player.listeningTotals[wallet.discs[1].id]?.listens == 1)
        try await harness.player.perform(.stop)
        await harness.close(keepFiles: true)
        defer { harness.directory.remove() }

        #expect(left.disc?.position == 3)
        let listens = ListeningLog(directory: harness.stateDirectory, minimumSeconds: 1).history.listens
        let switched = try #require(listens.first)
        #expect(switched.disc == wallet.discs[1].id && !switched.finished)
        // The seek forward to 2 s was not heard.
        #expect(switched.seconds > 3.5 && switched.seconds < 6, "heard \(switched.seconds)")
        #expect(listens.dropFirst().allSatisfy { $0.disc == wallet.discs[2].id })
        #expect(
            !FileManager.default.fileExists(
                atPath: harness.stateDirectory.appending("listening-now.json").display))
        #expect(harness.notices == [])
    }

    @Test func randomPicksTheOneDiscTheMemoryHasNotHeardLately() async throws {
        let wallet = try FixtureWallet.wallet()
        let directory = try TemporaryDirectory()
        // Only the memory says discs 2 and 3 were played (the resume file knows nothing): with
        // disc 1 current and disc 3 the last one played, disc 2 is the only pick.
        let state = directory.path.appending("state")
        let log = ListeningLog(directory: state)
        for (offset, hoursAgo) in [(1, 3.0), (2, 1.0)] {
            let disc = wallet.discs[offset]
            log.end(
                Listen(
                    disc: disc.id, artist: disc.albumArtist, title: disc.title,
                    start: Date().addingTimeInterval(-hoursAgo * 3600), seconds: 600, finished: true)
            ) { Issue.record("\($0)") }
        }
        log.flush()
        let harness = try PlayerHarness(wallet: wallet, directory: directory)
        try await harness.player.perform(.play(disc: 1, fromStart: true))
        let picked = try await harness.player.perform(.randomDisc)
        await harness.close()
        #expect(picked.disc?.position == 2)
    }
}
