import Foundation
import TestSupport
import Testing

/// Naming an album the index has not seen yet, and filters that fold letters which are not
/// accents, through the built binary (docs/PRODUCT.md §11).
@Suite struct FreshRipTests {
    @Test func aCDRippedAMomentAgoIsAddedByItsPathOrItsWords() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Abba/Arrival", artist: "Abba", album: "Arrival")
        try library.playlist("Abba/Arrival/01 Arrival 1.flac\n")
        // Indexed whole once, no player running.
        let first = try await cli.run(["albums", "--library", library.root])
        #expect(first.status == 0, "\(first.stderr)")

        try library.addAlbum("Newcomer/Fresh Rip", artist: "Newcomer", album: "Fresh Rip")
        let byPath = try await cli.run([
            "add", library.root + "/Newcomer/Fresh Rip", "--library", library.root,
        ])
        #expect(byPath.status == 0, "\(byPath.stderr)")
        #expect(byPath.stdout.contains("Added Newcomer — Fresh Rip as disc 2"), "\(byPath.stdout)")

        try library.addAlbum("Latecomer/Second Rip/CD1", artist: "Latecomer", album: "Second Rip")
        let byWords = try await cli.run(["add", "second", "rip", "--library", library.root])
        #expect(byWords.status == 0, "\(byWords.stderr)")
        #expect(byWords.stdout.contains("Added Latecomer — Second Rip"), "\(byWords.stdout)")

        let nothing = try await cli.run(["add", "no", "such", "album", "--library", library.root])
        #expect(nothing.status == 66)
        #expect(nothing.stderr.hasPrefix("cdwally: no album of the library matches \"no such album\""))
    }

    @Test func filtersFoldLettersThatAreNotAccentsAndIdsStayAsTheyWere() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Røyksopp/Melody", artist: "Røyksopp", album: "Melody A.M.")
        try library.addAlbum("Sigur Rós/Ágætis", artist: "Sigur Rós", album: "Ágætis byrjun")
        try library.addAlbum("Łódź/Miasto", artist: "Łódź Band", album: "Miasto")
        try library.addAlbum("MØ/No Mythologies", artist: "MØ", album: "No Mythologies to Follow")
        try library.addAlbum("Þeyr/Mjötviður", artist: "Þeyr", album: "Mjötviður mær")
        for (words, album) in [
            (["royksopp"], "Melody A.M."), (["sigur", "ros", "agaetis"], "Ágætis byrjun"),
            (["lodz"], "Miasto"), (["mo"], "No Mythologies to Follow"), (["theyr"], "Mjötviður mær"),
            (["ROYKSOPP", "melody"], "Melody A.M."),
        ] {
            let found = try await cli.json(["albums"] + words + ["--library", library.root])
            #expect(
                (found["albums"] as? [[String: Any]])?.map { $0["album"] as? String } == [album], "\(words)")
        }
        // The identity keys fold as before: ø stays ø in them, so ids, resume points and
        // listens stay. (The album ids below are today's main's, for this tagging.)
        let all = try await cli.json(["albums", "--library", library.root])
        let ids = Dictionary(
            uniqueKeysWithValues: (all["albums"] as? [[String: Any]] ?? []).compactMap { album in
                (album["album"] as? String).map { ($0, album["id"] as? String ?? "") }
            })
        #expect(ids["Melody A.M."] == AlbumIDs.royksopp, "\(ids)")
        #expect(ids["No Mythologies to Follow"] == AlbumIDs.mo, "\(ids)")
    }

    /// An index whose album summary an older cdwally wrote (its search text folded without
    /// ø → o) is written anew once: the new folding needs no `scan`.
    @Test func anOlderAlbumSummaryIsWrittenAnew() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Røyksopp/Melody", artist: "Røyksopp", album: "Melody A.M.")
        #expect(try await cli.run(["albums", "--library", library.root]).status == 0)
        let folder = cli.home + "/cache/cdwally"
        let index = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".sqlite3") })
        // As the older cdwally left it: its generation alone as the mark, ø kept in the text.
        let sqlite = try ExternalTool(
            "sqlite3",
            [
                folder + "/" + index,
                "UPDATE shelf SET searchText = ' røyksopp melody a m '; "
                    + "UPDATE meta SET value = (SELECT value FROM meta WHERE key = 'generation') WHERE key = 'shelf';",
            ],
            environment: ["PATH": "/usr/bin:/bin"], directory: URL(fileURLWithPath: cli.home))
        try await sqlite.waitForExit(timeout: .seconds(30))
        #expect(sqlite.result.status == 0, "\(sqlite.stderr)")
        let found = try await cli.json(["albums", "royksopp", "--library", library.root])
        #expect((found["albums"] as? [[String: Any]])?.count == 1, "\(found)")
    }

    /// The ids the albums above had before filters folded ø, æ…: pinned, since the identity
    /// keys must not change with the filters' folding.
    private enum AlbumIDs {
        static let royksopp = "a542651f9fe9dc68"
        static let mo = "80e4bb8db56587c8"
    }
}
