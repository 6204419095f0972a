import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// The mpv handle against real libmpv: `ao=pcm` renders untimed into a WAV, so what mpv
/// output can be counted sample by sample.
@Suite struct MPVHandleTests {
    private func makeHandle(_ extra: [MPVOption], recorder: MPVEventRecorder) throws -> MPVHandle {
        let mpv = try MPVHandle(options: MPVOption.embedded + [MPVOption("replaygain", "album")] + extra)
        try mpv.requestLogMessages(level: "warn")
        try mpv.observe("current-ao", format: .string)
        mpv.startEvents { recorder.record($0) }
        return mpv
    }

    private func pcmOptions(_ wav: URL) -> [MPVOption] {
        [MPVOption("ao", "pcm"), MPVOption("ao-pcm-file", wav.path)]
    }

    @Test(arguments: ["flac", "mp3", "opus"])
    func rendersAnAlbumWithNoSampleLostOrAdded(format: String) async throws {
        let fixture = try GaplessFixture(format)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let wav = directory.file("out.wav")
        let recorder = MPVEventRecorder()
        let mpv = try makeHandle(pcmOptions(wav), recorder: recorder)

        var ids: [Int64] = []
        for path in fixture.paths { ids.append(try await mpv.appendFile(path)) }
        try await mpv.playIndex(0)
        #expect(await eventually { recorder.endReason(of: ids[2]) != nil })
        mpv.quit()
        #expect(await mpv.waitUntilDestroyed(within: .seconds(30)))

        #expect(ids.map { recorder.endReason(of: $0) } == Array(repeating: .endOfFile, count: 3))
        let output = try WAVFile(contentsOf: wav)
        #expect(output.sampleRate == fixture.album.sampleRate)
        fixture.expectExactSamples { #expect(output.frames == fixture.totalSamples) }
        #expect(recorder.errorLogs == [])
    }

    @Test func joinsLosslessTracksBitExactly() async throws {
        // The 400 Hz tone at 8 kHz repeats every 20 samples exactly, so any sample lost,
        // added or altered at a join breaks the period.
        let fixture = try GaplessFixture("flac")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let wav = directory.file("out.wav")
        let recorder = MPVEventRecorder()
        let mpv = try makeHandle(pcmOptions(wav), recorder: recorder)
        var ids: [Int64] = []
        for path in fixture.paths { ids.append(try await mpv.appendFile(path)) }
        try await mpv.playIndex(0)
        #expect(await eventually { recorder.endReason(of: ids[2]) != nil })
        mpv.quit()
        #expect(await mpv.waitUntilDestroyed(within: .seconds(30)))

        let samples = try #require(try WAVFile(contentsOf: wav).int16Samples)
        #expect(samples.count == fixture.totalSamples)
        let breaks = (20..<samples.count).filter { samples[$0] != samples[$0 - 20] }
        #expect(breaks == [])
        #expect(samples.max() ?? 0 > 8000)
    }

    @Test func reportsAMissingFileAndPlaysOn() async throws {
        let fixture = try GaplessFixture("flac")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let wav = directory.file("out.wav")
        let recorder = MPVEventRecorder()
        let mpv = try makeHandle(pcmOptions(wav), recorder: recorder)
        let missing = directory.path.appending("gone.flac")

        let ids = [
            try await mpv.appendFile(fixture.paths[0]), try await mpv.appendFile(missing),
            try await mpv.appendFile(fixture.paths[2]),
        ]
        try await mpv.playIndex(0)
        #expect(await eventually { recorder.endReason(of: ids[2]) != nil })
        mpv.quit()
        #expect(await mpv.waitUntilDestroyed(within: .seconds(30)))

        #expect(recorder.endReason(of: ids[1]) == .error(.loadingFailed))
        #expect(recorder.endReason(of: ids[2]) == .endOfFile)
        let output = try WAVFile(contentsOf: wav)
        withKnownIssue("mpv 0.40 may reopen the output after the missing file", isIntermittent: true) {
            #expect(output.frames == fixture.album.tracks[0].samples + fixture.album.tracks[2].samples)
        } when: {
            GaplessFixture.mpvMayReopenOutputAfterAFailedFile
        }
        #expect(recorder.errorLogs.allSatisfy { $0.text.contains("gone.flac") })
    }

    @Test func resumesWithAPerFileStartThatLeavesLaterTracksWhole() async throws {
        let fixture = try GaplessFixture("flac")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let wav = directory.file("out.wav")
        let recorder = MPVEventRecorder()
        let mpv = try makeHandle(pcmOptions(wav), recorder: recorder)

        let ids = [
            try await mpv.appendFile(fixture.paths[0]),
            try await mpv.appendFile(fixture.paths[1], options: ["start": "1.5"]),
            try await mpv.appendFile(fixture.paths[2]),
        ]
        try await mpv.playIndex(1)
        #expect(await eventually { recorder.endReason(of: ids[2]) != nil })
        mpv.quit()
        #expect(await mpv.waitUntilDestroyed(within: .seconds(30)))

        #expect(!recorder.started(ids[0]))
        let rate = fixture.album.sampleRate
        let expected = fixture.album.tracks[1].samples - rate * 3 / 2 + fixture.album.tracks[2].samples
        let output = try WAVFile(contentsOf: wav)
        // An exact seek in FLAC lands on the sample; allow 10 ms for decoder differences.
        #expect(abs(output.frames - expected) <= rate / 100)
    }

    @Test func opensFileNamesThatAreNotUTF8() async throws {
        let fixture = try GaplessFixture("flac")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let wav = directory.file("out.wav")
        // "café.flac" spelled in Latin-1: 0xE9 alone is not UTF-8.
        let name = directory.path.appending(RawPath(bytes: Array("caf".utf8) + [0xE9] + Array(".flac".utf8)))
        let contents = try Data(contentsOf: GaplessFixture.directory.appendingPathComponent("flac/01.flac"))
        try writeFile(contents, to: name)
        let recorder = MPVEventRecorder()
        let mpv = try makeHandle(pcmOptions(wav), recorder: recorder)

        let id = try await mpv.appendFile(name)
        try await mpv.playIndex(0)
        #expect(await eventually { recorder.endReason(of: id) != nil })
        mpv.quit()
        #expect(await mpv.waitUntilDestroyed(within: .seconds(30)))

        #expect(recorder.endReason(of: id) == .endOfFile)
        #expect(try WAVFile(contentsOf: wav).frames == fixture.album.tracks[0].samples)
    }

    @Test func listsAudioDevicesStartingWithAuto() async throws {
        let mpv = try MPVHandle(options: MPVOption.embedded)
        defer { mpv.quit() }
        let devices = try await mpv.audioDevices()
        #expect(devices.first?.name == "auto")
        #expect(devices.allSatisfy { !$0.description.isEmpty })
    }

    @Test func reportsAnAudioDeviceThatCannotOpen() async throws {
        let fixture = try GaplessFixture("flac")
        let recorder = MPVEventRecorder()
        let mpv = try makeHandle(
            [MPVOption("audio-device", "alsa/cdwally-no-such-device")], recorder: recorder)
        let id = try await mpv.appendFile(fixture.paths[0])
        try await mpv.playIndex(0)
        #expect(await eventually { recorder.endReason(of: id) != nil })
        mpv.quit()
        #expect(await mpv.waitUntilDestroyed(within: .seconds(30)))
        #expect(recorder.endReason(of: id) == .error(.audioOutputInitFailed))
    }

    @Test func fallsBackToANullOutputWhenAsked() async throws {
        let fixture = try GaplessFixture("flac")
        let recorder = MPVEventRecorder()
        let mpv = try makeHandle(
            [
                MPVOption("audio-device", "alsa/cdwally-no-such-device"),
                MPVOption("audio-fallback-to-null", "yes"),
            ],
            recorder: recorder)
        let id = try await mpv.appendFile(fixture.paths[0])
        try await mpv.playIndex(0)
        #expect(await eventually { recorder.lastValue(of: "current-ao") == .string("null") })
        #expect(recorder.endReason(of: id) == nil)
        mpv.quit()
        #expect(await mpv.waitUntilDestroyed(within: .seconds(30)))
    }

    /// The outputs to try are named only where the user chose none: mpv's own list goes on to
    /// libsndio, which prints on its own (the trixie and sid demos in check-platform show it).
    @Test func namesTheOutputsOnlyWhenNoneIsConfigured() {
        let state = RawPath("/nonexistent")
        let probed = MPVOption("ao", "pipewire,pulse,alsa")
        #expect(PlayerConfiguration(stateDirectory: state).handleOptions.contains(probed))
        #expect(
            !PlayerConfiguration(stateDirectory: state, audioDevice: "alsa/default").handleOptions.contains(
                probed))
        for option in ["ao", "audio-device"] {
            let options = PlayerConfiguration(stateDirectory: state, mpvOptions: [(option, "null")])
                .handleOptions
            #expect(!options.contains(probed), "\(option)")
        }
    }

    @Test func refusesAnUnknownOptionNamingIt() {
        #expect(throws: PlayerError.self) { try MPVHandle(options: [MPVOption("no-such-option", "1")]) }
        do {
            _ = try MPVHandle(options: [MPVOption("no-such-option", "1")])
        } catch {
            #expect(error.description.contains("no-such-option"))
        }
    }

    @Test func skipsUnknownBestEffortOptions() throws {
        let mpv = try MPVHandle(options: [MPVOption("no-such-option", "1", bestEffort: true)])
        mpv.quit()
        #expect(mpv.isDestroyed)
    }

    @Test func destroysTheHandleOnQuitAndRefusesLaterCalls() async throws {
        let recorder = MPVEventRecorder()
        let mpv = try makeHandle([MPVOption("ao", "null")], recorder: recorder)
        mpv.quit()
        #expect(await mpv.waitUntilDestroyed(within: .seconds(30)))
        #expect(recorder.all.last == .shutdown)
        #expect(mpv.isDestroyed)
        await #expect(throws: PlayerError.self) { try await mpv.stop() }
    }

    private func writeFile(_ data: Data, to path: RawPath) throws {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else { throw CocoaError(.fileWriteUnknown) }
    }
}
