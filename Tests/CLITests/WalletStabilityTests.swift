import Foundation
import TestSupport
import Testing

/// `discs` and `tracks` answer the same before and after `cdwally scan` on the shapes real
/// libraries have (docs/PRODUCT.md §2–§4, §8): the wallet a cold index gives from the playlist's
/// own folders is the wallet the whole tree gives.
@Suite struct WalletStabilityTests {
    /// Everything `discs --json` and `tracks N --json` print for the wallet.
    private func wallet(_ cli: CLI, _ library: TestLibrary) async throws -> [String] {
        let discs = try await cli.run(["discs", "--library", library.root, "--capacity", "0", "--json"])
        guard discs.status == 0 else { throw CLIFailure(result: discs) }
        let count =
            (try JSONSerialization.jsonObject(with: Data(discs.stdout.utf8)) as? [String: Any])
            .flatMap { $0["discs"] as? [Any] }?.count ?? 0
        var outputs = [discs.stdout]
        for position in stride(from: 1, through: count, by: 1) {
            let tracks = try await cli.run(
                ["tracks", "\(position)", "--library", library.root, "--capacity", "0", "--json"])
            outputs.append(tracks.stdout)
        }
        return outputs
    }

    /// The wallet from a cold index and after `scan`, expected to be the same; the first.
    private func walletAcrossScan(_ cli: CLI, _ library: TestLibrary) async throws -> [String] {
        let cold = try await wallet(cli, library)
        let scan = try await cli.run(["scan", "--library", library.root])
        #expect(scan.status == 0)
        let scanned = try await wallet(cli, library)
        #expect(cold == scanned)
        return cold
    }

    private func discs(_ output: [String]) throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: Data(output[0].utf8)) as? [String: Any]
        return json?["discs"] as? [[String: Any]] ?? []
    }

    @Test func theIssuesShapesGiveOneWalletBeforeAndAfterAScan() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        let credits = [
            "Daft Punk", "Daft Punk feat. Pharrell Williams & Nile Rodgers",
            "Daft Punk feat. Julian Casablancas",
        ]
        try library.addAlbum(
            "Daft Punk/RAM", album: "Random Access Memories", artists: credits, tagger: .metaflac)
        for copy in ["FLAC", "MP3"] {
            try library.addAlbum(
                "\(copy)/Blur/Blur", artist: "Blur", album: "Blur", tracks: 3, tagger: .metaflac)
        }
        for word in ["One", "Two"] {
            try library.addAlbum(
                "Floyd/Animals/Disc \(word)", artist: "Pink Floyd", album: "Animals", tagger: .metaflac)
        }
        try library.addAlbum(
            "Air/Moon Safari", artist: "Air", album: "Moon Safari", tracks: 3, tagger: .metaflac)
        try library.add(
            "Moby/Play/01 Intro.flac", tags: ["TITLE": "Intro", "ARTIST": "Moby", "ALBUM": "Play"],
            tagger: .metaflac)
        try library.playlist(
            """
            #EXTM3U
            Daft Punk/RAM/03 Random Access Memories 3.flac
            FLAC/Blur/Blur/02 Blur 2.flac
            Floyd/Animals/Disc One/01 Animals 1.flac
            Air/Moon Safari/02 Moon Safari 2.flac
            Gone/Moon Safari/01 Intro.flac
            """)
        try FileManager.default.removeItem(atPath: library.root + "/Air/Moon Safari/02 Moon Safari 2.flac")
        let output = try await walletAcrossScan(cli, library)
        let shown = try discs(output)
        #expect(
            shown.map { $0["album"] as? String } == [
                "Moon Safari", "Blur", "Random Access Memories", "Animals",
            ])
        #expect(shown.map { $0["trackCount"] as? Int } == [2, 3, 3, 4])
        #expect(shown.map { $0["albumArtist"] as? String } == ["Air", "Blur", "Daft Punk", "Pink Floyd"])
        #expect(!output[2].contains("/MP3/"))

        let doctor = try await cli.run(["doctor", "--library", library.root])
        #expect(
            doctor.stdout.contains(
                "line 5: Air/Moon Safari/02 Moon Safari 2.flac: by folder: \(library.root)/Air/Moon Safari"))
        #expect(
            doctor.stdout.contains(
                "line 6: Gone/Moon Safari/01 Intro.flac: file not found; 1 track has its name"))
    }

    @Test func noScanChangesTheWalletOfVariedGeneratedLibraries() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        for seed in UInt64(1)...6 {
            let library = try TestLibrary()
            var generator = ShapeGenerator(seed: seed)
            let entries = try generator.fill(library)
            try library.playlist("#EXTM3U\n" + entries.joined(separator: "\n") + "\n")
            let output = try await walletAcrossScan(cli, library)
            #expect(try !discs(output).isEmpty, "seed \(seed)")
        }
    }
}
