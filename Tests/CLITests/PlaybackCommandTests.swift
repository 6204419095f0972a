import Foundation
import TestSupport
import Testing

/// `cdwally play` without a terminal, through real libmpv: what plays, in which
/// order, gapless, and where each disc resumes.
@Suite struct PlaybackCommandTests {
    /// A library of the gapless FLAC fixtures (one album, three tracks) and a silent 40 s album.
    func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        let folder = library.root + "/Tone/Gapless"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["01.flac", "02.flac", "03.flac"] {
            try FileManager.default.copyItem(
                atPath: TestLibrary.fixtures + "/Gapless/flac/" + name, toPath: folder + "/" + name)
        }
        try library.add(
            "Quiet/Long/01 Silence.flac", template: "long.flac",
            tags: ["TITLE": "Silence", "ARTIST": "Quiet", "ALBUM": "Long", "TRACKNUMBER": "1"])
        try library.add(
            "Quiet/Long/02 More.flac", template: "long.flac",
            tags: ["TITLE": "More Silence", "ARTIST": "Quiet", "ALBUM": "Long", "TRACKNUMBER": "2"])
        try library.playlist("Quiet/Long/01 Silence.flac\nTone/Gapless/02.flac\n")
        // Wallet order: "cdwally fixtures" (disc 1, the tone) before "Quiet" (disc 2, silence).
        return library
    }

    /// Frames of audio in a WAV file that mpv's `ao=pcm` wrote.
    private func frames(inWAV path: String) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        func int(_ offset: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        var offset = 12
        var channels = 0
        var bitsPerSample = 0
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = int(offset + 4, 4)
            if id == "fmt " {
                channels = int(offset + 10, 2)
                bitsPerSample = int(offset + 22, 2)
            }
            if id == "data" {
                // mpv may leave the size field unset when it cannot seek back; use the file.
                let payload = size == 0 || size == 0xFFFF_FFFF ? bytes.count - offset - 8 : size
                return payload / (channels * bitsPerSample / 8)
            }
            offset += 8 + size
        }
        throw CLIFailure(result: .init(status: -1, stdout: "", stderr: "no data chunk in \(path)"))
    }

    private func sampleRate(inWAV path: String) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return (0..<4).reduce(0) { $0 | Int(bytes[24 + $1]) << (8 * $1) }
    }

    func render(_ cli: CLI, _ library: TestLibrary, _ arguments: [String]) async throws -> (
        CLI.Result, Double
    ) {
        let wav = cli.home + "/out-\(UUID().uuidString).wav"
        let result = try await cli.run(
            ["play"] + arguments + [
                "--library", library.root, "--mpv", "ao=pcm", "--mpv", "ao-pcm-file=\(wav)",
            ])
        guard result.status == 0 else { throw CLIFailure(result: result) }
        return (result, Double(try frames(inWAV: wav)) / Double(try sampleRate(inWAV: wav)))
    }

    func resume(_ cli: CLI, _ library: TestLibrary, disc: Int) async throws -> [String: Any]? {
        let discs = try await cli.json(["discs", "--library", library.root])["discs"] as? [[String: Any]]
        return discs?[disc - 1]["resume"] as? [String: Any]
    }

    @Test func playsTheWholeAlbumGaplessInTracksOrder() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let wav = cli.home + "/album.wav"
        let result = try await cli.run([
            "play", "1", "--library", library.root, "--mpv", "ao=pcm", "--mpv", "ao-pcm-file=\(wav)",
        ])
        #expect(result.status == 0)
        // Every sample of every track, none added or lost at the joins (samples.json).
        #expect(try frames(inWAV: wav) == 32001 + 32803 + 35196)
        let titles = try #require(
            (try await cli.json(["tracks", "1", "--library", library.root])["tracks"] as? [[String: Any]])?
                .compactMap { $0["title"] as? String })
        let played = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Disc 1") }
        #expect(played.count == 3)
        for (line, title) in zip(played, titles) { #expect(line.contains(title)) }
        #expect(result.stdout.contains("Finished: cdwally fixtures — Gapless FLAC"))
        // A disc that played to its end starts again from track 1.
        #expect(try await resume(cli, library, disc: 1) == nil)
    }

    @Test func sigtermSavesThePlaceAndTheNextPlayResumesThere() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let player = try RunningCommand(cli, ["play", "2", "--library", library.root, "--mpv", "ao=null"])
        try await player.waitForOutput("Track 1/2")
        try await Task.sleep(for: .seconds(3))
        player.signal(SIGTERM)
        #expect(try await player.wait() == 0)
        let saved = try #require(try await resume(cli, library, disc: 2))
        #expect(saved["track"] as? Int == 1)
        let position = try #require(saved["position"] as? Double)
        #expect(position > 1.5 && position < 15)

        // Played again, it starts on the same track within a second of that place: the
        // render holds the rest of track 1 and all of track 2.
        let (resumed, seconds) = try await render(cli, library, ["2"])
        #expect(resumed.stdout.hasPrefix("Disc 2 · Track 1/2"))
        #expect(abs(seconds - (80 - position)) < 1)
        #expect(try await resume(cli, library, disc: 2) == nil)
        let (_, full) = try await render(cli, library, ["2"])
        #expect(abs(full - 80) < 0.5)
    }

    @Test func fromStartOverridesTheSavedPlace() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let player = try RunningCommand(cli, ["play", "2", "--library", library.root, "--mpv", "ao=null"])
        try await player.waitForOutput("Track 1/2")
        try await Task.sleep(for: .seconds(2))
        player.signal(SIGHUP)
        #expect(try await player.wait() == 0)
        #expect(try await resume(cli, library, disc: 2) != nil)
        let (_, seconds) = try await render(cli, library, ["2", "--from-start"])
        #expect(abs(seconds - 80) < 0.5)
    }

    @Test func afterAPowerCutAtMostAFewSecondsAreLost() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let player = try RunningCommand(cli, ["play", "2", "--library", library.root, "--mpv", "ao=null"])
        try await player.waitForOutput("Track 1/2")
        let started = Date()
        try await Task.sleep(for: .seconds(12))
        player.signal(SIGKILL)
        _ = try await player.wait()
        let elapsed = Date().timeIntervalSince(started)
        let saved = try #require(try await resume(cli, library, disc: 2))
        let position = try #require(saved["position"] as? Double)
        // Saved every 5 s while playing: no more than that (and a little scheduling) is lost.
        #expect(position >= elapsed - 6.5)
        #expect(position <= elapsed + 0.5)
    }

    @Test func thenNextGoesOnToTheNextDisc() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let wav = cli.home + "/next.wav"
        let player = try RunningCommand(
            cli,
            [
                "play", "1", "--then", "next", "--library", library.root, "--mpv", "ao=pcm", "--mpv",
                "ao-pcm-file=\(wav)",
            ])
        try await player.waitForOutput("Finished: cdwally fixtures — Gapless FLAC")
        try await player.waitForOutput("Disc 2 · Track 1/2")
        player.signal(SIGTERM)
        #expect(try await player.wait() == 0)
    }

    @Test func thenNextStopsAfterTheLastDiscLikeACDChanger() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        // Rendered at CPU speed: disc 1 (the tone), then disc 2 (80 s of silence), then the
        // player ends by itself, as the README's demo does.
        let (result, _) = try await render(cli, library, ["1", "--then", "next"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("Disc 1 · Track 1/3") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("Disc 2 · Track 1/2") }.count == 1)
        #expect(lines.last == "Finished: Quiet — Long")
    }

    @Test func repeatLoopsTheWalletFromTheLastDiscToTheFirst() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let wav = cli.home + "/repeat.wav"
        let player = try RunningCommand(
            cli,
            [
                "play", "2", "--then", "next", "--repeat", "--library", library.root, "--mpv", "ao=pcm",
                "--mpv", "ao-pcm-file=\(wav)",
            ])
        try await player.waitForOutput("Finished: Quiet — Long")
        try await player.waitForOutput("Disc 1 · Track 1/3")
        player.signal(SIGTERM)
        #expect(try await player.wait() == 0)
    }

    @Test func aFileThatVanishesMidAlbumIsSkipped() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        for number in 1...3 {
            try library.add(
                "Quiet/Three/0\(number).flac", template: "long.flac",
                tags: [
                    "TITLE": "Part \(number)", "ARTIST": "Quiet", "ALBUM": "Three",
                    "TRACKNUMBER": "\(number)",
                ])
        }
        try library.playlist("Quiet/Three/01.flac\n")
        let player = try RunningCommand(cli, ["play", "1", "--library", library.root, "--mpv", "ao=null"])
        try await player.waitForOutput("Track 1/3")
        // mpv opens the next track ahead of time, so the one after it is the one to remove;
        // then skip ahead to it.
        try FileManager.default.removeItem(atPath: library.root + "/Quiet/Three/03.flac")
        #expect(try await cli.run(["next"]).status == 0)
        try await player.waitForOutput("Track 2/3")
        #expect(try await cli.run(["next"]).status == 0)
        try await player.waitForOutput("Finished: Quiet — Three")
        #expect(try await player.wait() == 0)
        #expect(!player.stdout.contains("Track 3/3"))
        #expect(player.stderr.contains("Skipped \(library.root)/Quiet/Three/03.flac"))
    }

    @Test func badDiscsAndDevicesAreClearErrors() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let outOfRange = try await cli.run(["play", "5", "--library", library.root, "--mpv", "ao=null"])
        #expect(outOfRange.status == 64)
        #expect(outOfRange.stderr == "cdwally: there is no disc 5: the wallet holds 2 discs (1–2)\n")
        let device = try await cli.run([
            "play", "1", "--library", library.root, "--audio-device", "alsa/no-such-card",
        ])
        #expect(device.status == 69)
        let lines = device.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("alsa/no-such-card") == true)
        #expect(lines.first?.contains("--audio-device") == true)
        #expect(lines.first?.contains("--mpv ao=null") == true)
    }

    @Test func aDamagedResumeFileIsReportedAndIgnored() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        // Find the library's state folder by letting a first run create it.
        _ = try await render(cli, library, ["1"])
        let folder = try libraryStateFolder(under: cli.home + "/state/cdwally")
        try Data("{\"version\": 1, \"discs\": {\"abc".utf8).write(
            to: URL(fileURLWithPath: "\(folder)/resume.json"))
        let (result, seconds) = try await render(cli, library, ["1"])
        #expect(result.stderr.contains("ignored the resume file"))
        #expect(abs(seconds - 12.5) < 0.1)
        // The next save replaces it with a good one.
        #expect(try await cli.run(["discs", "--library", library.root]).status == 0)
    }

    @Test func listDevicesNamesTheOutputs() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let result = try await cli.run(["list-devices", "--json"])
        #expect(result.status == 0)
        let devices = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]]
        #expect(devices?.first?["name"] == "auto")
        #expect(devices?.contains { $0["name"]?.hasPrefix("alsa") == true } == true)
    }
}
