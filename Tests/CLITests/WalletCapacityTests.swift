import Foundation
import TestSupport
import Testing

/// The user's playlist at and past the wallet's capacity, and the undo of a `remove`, through
/// the built binary (docs/PRODUCT.md §11).
@Suite struct WalletCapacityTests {
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        try library.addAlbum("Abba/Arrival", artist: "Abba", album: "Arrival", extraTags: ["DATE": "1976"])
        try library.addAlbum("Beck/Odelay", artist: "Beck", album: "Odelay", extraTags: ["DATE": "1996"])
        try library.addAlbum("Cake/Fashion", artist: "Cake", album: "Fashion", extraTags: ["DATE": "1996"])
        try library.addAlbum("Zebra/Zed", artist: "Zebra", album: "Zed", extraTags: ["DATE": "2001"])
        return library
    }

    private func text(_ library: TestLibrary) throws -> String {
        try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8)
    }

    @Test func aFullWalletRefusesAnAddBeforeWritingAndSaysWhatCouldGo() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let original = "#EXTM3U\nAbba/Arrival/01 Arrival 1.flac\nBeck/Odelay/01 Odelay 1.flac\n"
        try library.playlist(original)
        for arguments in [["add", "zed"], ["add", "--dry-run", "zed"], ["play", "zed"]] {
            let refused = try await cli.run(arguments + ["--capacity", "2", "--library", library.root])
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.hasPrefix("cdwally: the wallet is full"), "\(refused.stderr)")
            #expect(refused.stderr.contains("Zebra — Zed was not added"))
            #expect(refused.stderr.contains("Beck — Odelay"), "\(refused.stderr)")
            #expect(refused.stderr.contains("--capacity N"))
            #expect(refused.stdout.isEmpty)
            #expect(try text(library) == original)
        }
        // One place left: it goes in, shown.
        let added = try await cli.run(["add", "zed", "--capacity", "3", "--library", library.root])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Added Zebra — Zed as disc 3"))
    }

    @Test func removeTakesAHiddenDiscAndTheListingsShowItHidden() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist(
            "#EXTM3U\nAbba/Arrival/01 Arrival 1.flac\nBeck/Odelay/01 Odelay 1.flac\nZebra/Zed/01 Zed 1.flac\n"
        )
        let listed = try await cli.json(["albums", "--capacity", "2", "--library", library.root])
        let albums = try #require(listed["albums"] as? [[String: Any]])
        #expect(albums.map { $0["album"] as? String } == ["Arrival", "Odelay", "Fashion", "Zed"])
        #expect(albums.map { $0["inWallet"] as? Int } == [1, 2, nil, nil])
        #expect(albums.map { $0["hidden"] as? Bool } == [false, false, false, true])
        let table = try await cli.run(["albums", "zebra", "--capacity", "2", "--library", library.root])
        #expect(table.stdout.contains("hidden"), "\(table.stdout)")
        #expect(
            table.stdout.contains("0 of them in the wallet and 1 hidden by its capacity"), "\(table.stdout)")

        // `play` of the hidden disc says it is hidden, and how to reach it; nothing written.
        let before = try text(library)
        let hidden = try await cli.run(["play", "zed", "--capacity", "2", "--library", library.root])
        #expect(hidden.status == 64, "\(hidden.stderr)")
        #expect(
            hidden.stderr.hasPrefix("cdwally: Zebra — Zed is in the CDs playlist but hidden"),
            "\(hidden.stderr)")
        #expect(hidden.stderr.contains("--capacity N"))
        #expect(try text(library) == before)

        let removed = try await cli.run(["remove", "zed", "--capacity", "2", "--library", library.root])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(
            try text(library) == "#EXTM3U\nAbba/Arrival/01 Arrival 1.flac\nBeck/Odelay/01 Odelay 1.flac\n")
    }

    /// The undo of a `remove` gives back the very bytes: every line of the album, its hints,
    /// its card line; and a full wallet does not refuse it.
    @Test func theUndoOfARemovePutsBackTheExactLinesWhateverTheCapacity() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let original =
            "#EXTM3U\r\n#EXTINF:1,Abba - Arrival 1\r\nAbba/Arrival/01 Arrival 1.flac\r\n"
            + "#CDWALLY-CARD:0042 Beck — Odelay\r\n#EXTINF:7,Beck - my own hint\r\nBeck/Odelay/01 Odelay 1.flac\r\n"
            + "# a comment\r\nBeck/Odelay/02 Odelay 2.flac\r\nZebra/Zed/01 Zed 1.flac\r\n"
        try library.playlist(original)
        let removed = try await cli.run(["remove", "odelay", "--capacity", "2", "--library", library.root])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(
            try text(library)
                == "#EXTM3U\r\n#EXTINF:1,Abba - Arrival 1\r\nAbba/Arrival/01 Arrival 1.flac\r\n# a comment\r\n"
                + "Zebra/Zed/01 Zed 1.flac\r\n")
        let undo = try #require(removed.stdout.split(separator: "\n").last { $0.hasPrefix("Undo: ") })
        #expect(undo.hasPrefix("Undo: cdwally add "))
        // Two discs and a capacity of 2: full, yet the undo goes through.
        let undone = try await cli.run(
            undo.dropFirst(14).split(separator: " ").map(String.init)
                + ["--capacity", "2", "--library", library.root])
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(undone.stdout.contains("Put back Beck — Odelay"), "\(undone.stdout)")
        #expect(try text(library) == original)
        // Once put back, the record is spent: a later add is an add, refused by the capacity.
        let again = try await cli.run(["remove", "odelay", "--library", library.root])
        #expect(again.status == 0)
        try library.playlist(try text(library) + "# edited since\r\n")
        let appended = try await cli.run(["add", "odelay", "--capacity", "2", "--library", library.root])
        #expect(appended.status == 0, "\(appended.stderr)")
        // The playlist changed around them: the lines go back at its end, as they were.
        #expect(
            try text(library)
                == "#EXTM3U\r\n#EXTINF:1,Abba - Arrival 1\r\nAbba/Arrival/01 Arrival 1.flac\r\n# a comment\r\n"
                + "Zebra/Zed/01 Zed 1.flac\r\n# edited since\r\n"
                + "#CDWALLY-CARD:0042 Beck — Odelay\r\n#EXTINF:7,Beck - my own hint\r\nBeck/Odelay/01 Odelay 1.flac\r\n"
                + "Beck/Odelay/02 Odelay 2.flac\r\n")
        let removedAgain = try await cli.run(["remove", "odelay", "--library", library.root])
        #expect(removedAgain.status == 0)
        let lastButOne = try await cli.run(["remove", "arrival", "--library", library.root])
        #expect(lastButOne.status == 0)
        let refused = try await cli.run(["add", "cake", "--capacity", "1", "--library", library.root])
        #expect(refused.status == 64, "\(refused.stderr)")
    }

    /// Adds at once into the last places: the wallet ends at its capacity, never past it, and
    /// each add that did not fit says so.
    @Test func addsAtOnceNeverFillTheWalletPastItsCapacity() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        for number in 1...6 {
            try library.addAlbum(
                "Band \(number)/Album", artist: "Band \(number)", album: "Album \(number)", tracks: 1)
        }
        try library.playlist("Band 1/Album/01 Album 1 1.flac\n")
        #expect(try await cli.run(["scan", "--library", library.root]).status == 0)
        let results = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for number in 2...6 {
                group.addTask {
                    try await cli.run([
                        "add", "Band \(number)", "Album \(number)", "--capacity", "3", "--library",
                        library.root,
                    ])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == 0 || $0.status == 64 }, "\(results.map(\.stderr))")
        let discs = try await cli.json(["discs", "--library", library.root, "--capacity", "0"])
        #expect(discs["total"] as? Int == 3, "\(results.map(\.stderr))")
        #expect(results.filter { $0.status == 0 }.count == 2, "\(results.map(\.stderr))")
    }

    @Test func addDryRunShowsTheLineAndWritesNothing() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let original = "#EXTM3U\n#EXTINF:1,Abba - Arrival 1\nAbba/Arrival/01 Arrival 1.flac\n"
        try library.playlist(original)
        let dry = try await cli.run(["add", "--dry-run", "odelay", "--library", library.root])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout
                == "Would add Beck — Odelay as disc 2 to CDs.m3u8:\n  4: #EXTINF:1,Beck - Odelay 1\n"
                + "  5: Beck/Odelay/01 Odelay 1.flac\n")
        #expect(try text(library) == original)
        let json = try await cli.json(["add", "--dry-run", "odelay", "--library", library.root])
        #expect(json["action"] as? String == "dry-run")
        #expect(json["changed"] as? Bool == false)
        #expect((json["lines"] as? [[String: Any]])?.count == 2)
        #expect(try text(library) == original)
    }

    /// An `add` that says "Added" leaves the album in the wallet: a name M3U would misread is
    /// either written so that it reads back, or refused with the playlist as it was.
    @Test func anAddNeverReportsAnAlbumThatIsNotInTheWallet() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.addAlbum("#1 Hits", artist: "Various", album: "Number Ones")
        let original = "Abba/Arrival/01 Arrival 1.flac\n"
        try library.playlist(original)
        let added = try await cli.run(["add", "number", "ones", "--library", library.root])
        if added.status == 0 {
            let discs = try await cli.json(["discs", "--library", library.root])
            #expect(
                (discs["discs"] as? [[String: Any]])?.contains { $0["album"] as? String == "Number Ones" }
                    == true,
                "\(added.stdout)")
        } else {
            #expect(added.status == 65, "\(added.stderr)")
            #expect(added.stderr.contains("reads back"))
            #expect(try text(library) == original)
        }
    }
}
