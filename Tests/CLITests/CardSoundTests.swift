import Foundation
import TestSupport
import Testing

/// A child has no screen (docs/PRODUCT.md §11): with `[cards] sounds = true`, a card that
/// plays nothing sounds a short cue through the player's output, from a real `serve` on real
/// libmpv. With `ao=pcm` the cue goes to `FILE.cue.wav` beside the player's file.
@Suite struct CardSoundTests {
    private func makeLibrary() throws -> TestLibrary {
        try .twoCardAlbums(
            playlist: "#CDWALLY-CARD:0042 Ann — One\nAnn/One/\n#CDWALLY-CARD:7 Bob — Two\nBob/Two/\n")
    }

    /// `serve` rendering into `output` as 16-bit samples, the cues beside it.
    private func serve(_ cli: CLI, _ library: TestLibrary, output: String, extra: [String] = []) async throws
        -> RunningCommand
    {
        try await startServe(
            cli, library,
            extra: [
                "--idle", "--mpv", "ao=pcm", "--mpv", "ao-pcm-file=\(output)", "--mpv", "audio-format=s16",
            ]
                + extra)
    }

    /// The built-in cues' length in samples: 0.3 s at 44.1 kHz is 13,230, which FFmpeg 5's
    /// `aevalsrc` gives (Debian 12); FFmpeg 7's (Debian 13) ends some 1,000 samples sooner.
    private static let cueLength = 11_500...14_000

    /// The cue's samples once its file is whole: `least` or more, and no longer growing.
    private func cue(at path: String, least: Int = cueLength.lowerBound) async throws -> [Int16] {
        var last = -1
        var samples: [Int16] = []
        let deadline = Date().addingTimeInterval(20 * RunningCommand.patience)
        while Date() < deadline {
            if let wav = try? WAVFile(contentsOf: URL(fileURLWithPath: path)), let read = wav.int16Samples {
                if read.count >= least, read.count == last { return read }
                last = read.count
                samples = read
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw TestFailure("no whole cue at \(path): \(samples.count) samples")
    }

    @Test func anUnknownAndARefusedCardEachSoundTheirCue() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try cli.writeConfig("[cards]\nsounds = true\n")
        let output = cli.home + "/out.wav"
        let serve = try await serve(cli, library, output: output, extra: ["--capacity", "1"])
        defer { serve.signal(SIGTERM) }

        let unknown = try await cli.json(["card", "read", "999"])
        #expect((unknown["lastCard"] as? [String: Any])?["outcome"] as? String == "unknown", "\(unknown)")
        // Two notes, 0.3 s at 44.1 kHz (`cueLength`), with no silence between them.
        let question = try await cue(at: output + ".cue.wav")
        #expect(Self.cueLength.contains(question.count), "\(question.count) samples")
        #expect(question.filter { $0 == 0 }.count < 200)
        try FileManager.default.removeItem(atPath: output + ".cue.wav")

        // Bob's disc is hidden by the capacity of 1: refused, the two low beeps.
        try await Task.sleep(for: .milliseconds(2100))
        let refused = try await cli.json(["card", "read", "7"])
        #expect((refused["lastCard"] as? [String: Any])?["outcome"] as? String == "refused", "\(refused)")
        let no = try await cue(at: output + ".cue.wav")
        #expect(Self.cueLength.contains(no.count), "\(no.count) samples")
        // 0.06 s of silence between the beeps.
        #expect(no.filter { $0 == 0 }.count > 2_000)
        // The player's own state is untouched: nothing plays, nothing was loaded.
        let status = try await cli.json(["status"])
        #expect(status["state"] as? String == "idle", "\(status)")
        #expect(!FileManager.default.fileExists(atPath: output), "the cue went into the player's output")
    }

    /// Never louder than the music: the cue's core plays at the player's level, so a
    /// `volume_limit` holds for it too. mpv's volume is cubic: 50 is an eighth of 100.
    @Test func theCueSoundsAtThePlayersLevel() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try cli.writeConfig("[cards]\nsounds = true\n")
        let output = cli.home + "/out.wav"
        let serve = try await serve(cli, library, output: output)
        defer { serve.signal(SIGTERM) }
        _ = try await cli.json(["card", "read", "999"])
        let full = try await cue(at: output + ".cue.wav").map { abs(Int($0)) }.max() ?? 0
        try FileManager.default.removeItem(atPath: output + ".cue.wav")
        _ = try await cli.json(["volume", "50"])
        _ = try await cli.json(["card", "read", "998"])
        let half = try await cue(at: output + ".cue.wav").map { abs(Int($0)) }.max() ?? 0
        #expect(full > 8_000, "the built-in cue peaks at 0.3 of full scale: \(full)")
        #expect(Double(half) < Double(full) * 0.2 && half > 0, "\(half) against \(full)")
    }

    /// A file of the user's, named relative to the config's folder, sounds instead of the
    /// built-in cue; alone, it turns only its own cue on.
    @Test func aSoundFileOfTheUsersSoundsInstead() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try cli.writeConfig("[cards]\nunknown_sound = \"beep.wav\"\n")
        // Half a second at 8 kHz: 4,000 samples, against the built-in cue's 11,500 and more.
        try WAVFile.make(seconds: 0.5, frequency: 440).write(
            to: URL(fileURLWithPath: cli.home + "/config/cdwally/beep.wav"))
        let output = cli.home + "/out.wav"
        let serve = try await serve(cli, library, output: output, extra: ["--capacity", "1"])
        defer { serve.signal(SIGTERM) }
        _ = try await cli.json(["card", "read", "999"])
        let beep = try await cue(at: output + ".cue.wav", least: 3_900)
        #expect((3_900...4_100).contains(beep.count), "\(beep.count) samples")
        try FileManager.default.removeItem(atPath: output + ".cue.wav")
        // No refused sound was asked for.
        let refused = try await cli.json(["card", "read", "7"])
        #expect((refused["lastCard"] as? [String: Any])?["outcome"] as? String == "refused", "\(refused)")
        try await Task.sleep(for: .milliseconds(1500))
        #expect(!FileManager.default.fileExists(atPath: output + ".cue.wav"))
    }

    @Test func withoutSoundsOrWhenMutedACardSoundsNothing() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let output = cli.home + "/out.wav"
        let quiet = try await serve(cli, library, output: output)
        _ = try await cli.json(["card", "read", "999"])
        try await Task.sleep(for: .milliseconds(1500))
        #expect(!FileManager.default.fileExists(atPath: output + ".cue.wav"))
        _ = try await cli.run(["quit"])
        #expect(try await quiet.wait() == 0)

        try cli.writeConfig("[cards]\nsounds = true\n")
        let muted = try await serve(cli, library, output: output)
        defer { muted.signal(SIGTERM) }
        _ = try await cli.json(["volume", "mute"])
        _ = try await cli.json(["card", "read", "999"])
        try await Task.sleep(for: .milliseconds(1500))
        #expect(!FileManager.default.fileExists(atPath: output + ".cue.wav"))
    }
}
