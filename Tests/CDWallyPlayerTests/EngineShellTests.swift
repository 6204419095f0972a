import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// The engine's shell (`PlayerEngine`) on a scripted mpv (`EngineHarness`): each test plays
/// mpv's part as a sequence of events, including the orders and failures a real mpv gives
/// only now and then, and checks what the engine posts, shows, says and saves.
@Suite struct EngineShellTests {
    @Test func aDiscIsPostedWholeAndPlaysOnceMPVSaysSoundFlows() async throws {
        let harness = try EngineHarness()
        let playing = harness.send(.play(disc: 1, fromStart: true))
        #expect(await harness.posts("playlist-play-index"))
        let names = harness.mpv.names()
        // Every track appended, so they join gaplessly, then the first one started; nothing
        // of it waited for (the replies are still to come).
        #expect(names.filter { $0.hasPrefix("loadfile") }.count == 3)
        #expect(names.last == "playlist-play-index")
        #expect(harness.store.resume(for: harness.album.id) == nil, "saved before a sound was heard")

        await harness.answerAppends()
        await harness.starts(track: 1)
        let snapshot = try await playing.value

        #expect(snapshot.state == .playing)
        #expect(snapshot.trackIndex == 1)
        #expect(await harness.trackChanges == [1])
        #expect(harness.store.resume(for: harness.album.id)?.trackIndex == 1)
        await harness.close()
    }

    /// client.h allows mpv to send a track's START_FILE before the reply to the `loadfile`
    /// that added it; the engine then learns which track it was from the reply.
    @Test func aTrackThatStartsBeforeItsLoadfileIsAnsweredIsShownWhenTheAnswerComes() async throws {
        let harness = try EngineHarness()
        let playing = harness.send(.play(disc: 1, fromStart: true))
        #expect(await harness.posts("playlist-play-index"))
        await harness.mpv(.startFile(entryID: 101))
        await harness.mpv(.fileLoaded)
        #expect(await harness.trackChanges == [], "a track shown before mpv said which entry it is")

        await harness.answerAppends()
        #expect(await harness.trackChanges == [1])
        await harness.mpv(.propertyChange(name: "current-ao", value: .string("alsa")))
        await harness.mpv(.playbackRestart)
        let snapshot = try await playing.value

        #expect(snapshot.state == .playing)
        #expect(snapshot.trackIndex == 1)
        await harness.close()
    }

    @Test func anOutputThatCannotOpenFailsThePlayAndStopsMPV() async throws {
        let harness = try EngineHarness()
        let playing = harness.send(.play(disc: 1, fromStart: true))
        #expect(await harness.posts("playlist-play-index"))
        await harness.answerAppends()
        await harness.mpv(.startFile(entryID: 101))
        // PLAYBACK_RESTART comes even so: without an output open it confirms nothing.
        await harness.mpv(.playbackRestart)
        await harness.ends(track: 1, .error(.audioOutputInitFailed))

        await #expect {
            try await playing.value
        } throws: { error in
            guard case .audioOutputFailed(let device, _) = error as? PlayerError else { return false }
            return device == "alsa"
        }
        #expect(await harness.snapshot().state == .stopped)
        #expect(harness.mpv.names().last == "stop")
        // Nothing was heard: the disc is not saved as started, let alone as playing.
        #expect(harness.store.resume(for: harness.album.id) == nil)
        await harness.close()
    }

    @Test func anUnreadableTrackIsSkippedWithItsReasonAndTheNextPlays() async throws {
        let harness = try EngineHarness()
        let playing = harness.send(.play(disc: 1, fromStart: true))
        #expect(await harness.posts("playlist-play-index"))
        await harness.answerAppends()
        await harness.mpv(.startFile(entryID: 101))
        await harness.ends(track: 1, .error(.loadingFailed))
        await harness.starts(track: 2)
        let snapshot = try await playing.value

        #expect(snapshot.trackIndex == 2)
        #expect(await harness.trackChanges == [2])
        #expect(
            await harness.events.contains(
                .trackSkipped(path: harness.album.tracks[0].path, reason: "missing or unreadable")))
        await harness.close()
    }

    /// mpv waits at its `on_load_fail` hook while the engine looks at the disk: this album's
    /// folder is on no disk here, so the disc stops before mpv may skip to its end.
    @Test func aNextTrackGoneWithItsDiskStopsTheDiscBeforeMPVGoesOn() async throws {
        let harness = try EngineHarness()
        _ = try await harness.playFirstDisc()
        await harness.plays(at: 29.5)
        await harness.mpv(.startFile(entryID: harness.entries[1]))
        await harness.mpv(.hook(name: PlayerEngine.loadFailHook, id: 7))
        let letGo = await eventually(timeout: .seconds(10)) { harness.mpv.continuedHooks == [7] }

        #expect(letGo)
        #expect(harness.mpv.names().last == "stop")
        let snapshot = await harness.snapshot()
        #expect(snapshot.state == .stopped && snapshot.trackIndex == 2)
        #expect(harness.store.resume(for: harness.album.id)?.trackIndex == 2)
        #expect(harness.store.lastDiscWasPlaying)
        #expect(await harness.events.contains(.warning(.goneWithItsDisk(harness.album.tracks[1].path))))
        await harness.close()
    }

    @Test func aHookWithNoTrackToLookAtLetsMPVGoOnAtOnce() async throws {
        let harness = try EngineHarness()
        await harness.mpv(.hook(name: PlayerEngine.loadFailHook, id: 3))
        await harness.mpv(.hook(name: "on_load", id: 4))

        #expect(await eventually(timeout: .seconds(10)) { Set(harness.mpv.continuedHooks) == [3, 4] })
        #expect(harness.mpv.names().isEmpty)
        await harness.close()
    }

    @Test func theLastTrackEndingFinishesTheDiscAndItStartsOverNextTime() async throws {
        let harness = try EngineHarness()
        _ = try await harness.playFirstDisc()
        await harness.ends(track: 1)
        await harness.starts(track: 2)
        await harness.ends(track: 2)
        await harness.starts(track: 3)
        await harness.plays(at: 29.9)
        await harness.ends(track: 3)

        let snapshot = await harness.snapshot()
        #expect(snapshot.state == .stopped)
        #expect(snapshot.trackIndex == 1)
        #expect(harness.mpv.names().last == "stop")
        let saved = try #require(harness.store.resume(for: harness.album.id))
        #expect(saved.finished && saved.trackIndex == 1 && saved.position == 0)
        #expect(await harness.events.contains(.discFinished(harness.album)))
        #expect(await harness.events.contains(.playbackFinished(walletPlayedThrough: false)))
        await harness.close()
    }

    /// A stop leaves mpv's END_FILE events of the old queue on their way: they must not end
    /// the disc (and mark it finished) after the fact.
    @Test func eventsOfAQueueLeftBehindChangeNothing() async throws {
        let harness = try EngineHarness()
        _ = try await harness.playFirstDisc()
        await harness.plays(at: 7)
        _ = try await harness.send(.stop).value
        await harness.ends(track: 1, .stopped)
        await harness.ends(track: 3)
        await harness.plays(at: 9)

        let snapshot = await harness.snapshot()
        #expect(snapshot.state == .stopped)
        #expect(snapshot.elapsed == 7)
        #expect(await !harness.events.contains(.discFinished(harness.album)))
        let saved = try #require(harness.store.resume(for: harness.album.id))
        #expect(!saved.finished && saved.trackIndex == 1 && saved.position == 7)
        await harness.close()
    }

    /// Paused near a track's end, mpv's decoder starts the next track to fill its buffer:
    /// the listener still hears (and the state still shows) the paused track until play.
    @Test func aTrackMPVStartsWhilePausedIsShownWhenPlayResumes() async throws {
        let harness = try EngineHarness()
        _ = try await harness.playFirstDisc()
        await harness.plays(at: 29.5)
        _ = try await harness.send(.pause).value
        await harness.mpv(.startFile(entryID: harness.entries[1]))
        await harness.mpv(.fileLoaded)
        await harness.mpv(.propertyChange(name: "time-pos", value: .double(0.2)))

        let paused = await harness.snapshot()
        #expect(paused.trackIndex == 1)
        #expect(paused.elapsed == 29.5)
        #expect(harness.store.resume(for: harness.album.id)?.position == 29.5)

        let resumed = try await harness.send(.resume).value
        #expect(resumed.state == .playing)
        #expect(resumed.trackIndex == 2)
        // Announced as it is heard: once, and as the track it is (the journal's line of `serve`).
        #expect(await harness.trackChanges == [1, 2])

        // Its file was open before play went on: a seek in it goes to mpv at once, rather than
        // wait for a file to open (the next track's).
        let seeks = harness.mpv.names().filter { $0 == "seek" }.count
        let seeking = harness.send(.seek(.absolute(10)))
        #expect(await harness.posts("seek", count: seeks + 1))
        await harness.answer("seek")
        await harness.mpv(.seek)
        await harness.mpv(.playbackRestart)
        _ = try await seeking.value
        #expect(
            await harness.events.contains {
                if case .seeked(let shown) = $0 { shown.elapsed == 10 } else { false }
            }
        )
        await harness.close()
    }

    /// mpv refuses a seek while a track changes; the seek goes to the next track once its
    /// file is open, and meanwhile mpv's place (the old track's) does not show.
    @Test func aSeekMPVRefusesWhileATrackChangesGoesToTheNextTrack() async throws {
        let harness = try EngineHarness()
        _ = try await harness.playFirstDisc()
        await harness.plays(at: 29)
        let seeking = harness.send(.seek(.absolute(20)))
        #expect(await harness.posts("seek"))
        // MPV_ERROR_COMMAND: the track is ending.
        await harness.answer("seek", status: -12)
        _ = try await seeking.value
        await harness.plays(at: 29.6)
        #expect(await harness.snapshot().elapsed == 20)

        await harness.ends(track: 1)
        await harness.mpv(.startFile(entryID: harness.entries[1]))
        await harness.mpv(.fileLoaded)

        #expect(harness.mpv.names().filter { $0 == "seek" }.count == 2)
        guard case .command(.array(let arguments)) = harness.mpv.posted.last?.request.kind else {
            Issue.record("the last request is not a seek command")
            return
        }
        #expect(arguments.dropFirst().first == .double(20))
        let snapshot = await harness.snapshot()
        #expect(snapshot.trackIndex == 2)
        #expect(snapshot.elapsed == 20)
        await harness.close()
    }

    @Test func aStalledOutputLeavesStopAnsweringAndMPVIsBroughtBackToIt() async throws {
        let harness = try EngineHarness()
        _ = try await harness.playFirstDisc()
        await harness.plays(at: 4)
        harness.mpv.stalled = true
        await harness.mpv(.coreStalled)
        #expect(await harness.snapshot().waitingForOutput)

        await #expect(throws: PlayerError.outputStalled) { try await harness.send(.next).value }
        let stopped = try await harness.send(.stop).value
        #expect(stopped.state == .stopped)
        #expect(harness.store.resume(for: harness.album.id)?.position == 4)

        harness.mpv.stalled = false
        await harness.mpv(.coreAnswering)
        #expect(harness.mpv.names().last == "stop")
        #expect(await !harness.snapshot().waitingForOutput)
        await harness.close()
    }

    @Test func mpvEndingByItselfLeavesThePlaceOnDisk() async throws {
        let harness = try EngineHarness()
        _ = try await harness.playFirstDisc()
        await harness.plays(at: 12.5)
        await harness.mpv(.shutdown)

        #expect(await harness.snapshot().state == .stopped)
        await #expect(throws: PlayerError.shutDown) { try await harness.send(.pause).value }
        // Read back from the file, as the next start reads it.
        let reread = ResumeStore(directory: harness.store.directory)
        let saved = try #require(reread.resume(for: harness.album.id))
        #expect(saved.trackIndex == 1 && saved.position == 12.5)
        #expect(reread.lastDiscWasPlaying)
        await harness.close()
    }
}

extension EngineHarness {
    /// The tracks shown as started, in order.
    var trackChanges: [Int?] {
        get async {
            await events.compactMap { event in
                guard case .trackChanged(let snapshot) = event else { return nil }
                return snapshot.trackIndex
            }
        }
    }
}
