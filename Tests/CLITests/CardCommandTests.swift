import Foundation
import TestSupport
import Testing

/// `cards`, `card assign` and `card forget` through the built binary (docs/PRODUCT.md §11): a
/// card is a `#CDWALLY-CARD:` line directly above its album's line, and every other byte stays.
@Suite struct CardCommandTests {
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        try library.addAlbum("Björk/Post", artist: "Björk", album: "Post", extraTags: ["DATE": "1995"])
        try library.addAlbum("Prince/1999", artist: "Prince", album: "1999", extraTags: ["DATE": "1982"])
        try library.addAlbum(
            "Sigur Rós/Ágætis byrjun", artist: "Sigur Rós", album: "Ágætis byrjun",
            extraTags: ["DATE": "1999"])
        try library.addAlbum(
            "Sigur Rós/Takk", artist: "Sigur Rós", album: "Takk...", extraTags: ["DATE": "2005"])
        return library
    }

    private func text(_ library: TestLibrary) throws -> String {
        try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8)
    }

    private let crlf =
        "#EXTM3U\r\n#EXTINF:100,Björk - Post 1\r\nBjörk/Post/01 Post 1.flac\r\nPrince/1999/01 1999 1.flac\r\n"

    @Test func anAssignedCardIsALineAboveTheEntryAndItsHint() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist(crlf)
        let post = try await cli.run(["card", "assign", "--card", "0042", "post", "--library", library.root])
        #expect(post.status == 0, "\(post.stderr)")
        #expect(post.stdout == "Card 0042 plays Björk — Post.\n")
        let albums = try await cli.json(["albums", "1999", "--library", library.root])
        let prince = try #require((albums["albums"] as? [[String: Any]])?.first?["id"] as? String)
        let hex = try await cli.run(["card", "assign", "--card", "04a1b2", prince, "--library", library.root])
        #expect(hex.status == 0, "\(hex.stderr)")
        #expect(
            try text(library)
                == "#EXTM3U\r\n#CDWALLY-CARD:0042 Björk — Post\r\n#EXTINF:100,Björk - Post 1\r\n"
                + "Björk/Post/01 Post 1.flac\r\n#CDWALLY-CARD:04A1B2 Prince — 1999\r\nPrince/1999/01 1999 1.flac\r\n"
        )

        let cards = try #require(
            try await cli.json(["cards", "--library", library.root])["cards"] as? [[String: Any]])
        #expect(cards.map { $0["number"] as? String } == ["0042", "04A1B2"])
        #expect(cards.map { $0["disc"] as? Int } == [1, 2])
        #expect(cards.map { $0["album"] as? String } == ["Post", "1999"])
        #expect(cards.map { $0["labelMatches"] as? Bool } == [true, true])
        #expect(cards[1]["id"] as? String == prince)
        let listed = try await cli.run(["cards", "--library", library.root])
        #expect(listed.stdout == "0042    disc 1: Björk — Post\n04A1B2  disc 2: Prince — 1999\n")
        // The same card again changes nothing.
        let again = try await cli.run(["card", "assign", "--card", "0042", "post", "--library", library.root])
        #expect(again.stdout == "Card 0042 already plays Björk — Post; nothing changed.\n")
        let json = try await cli.json(["card", "assign", "--card", "0042", "post", "--library", library.root])
        #expect(json["written"] as? Bool == false)
        #expect((json["cards"] as? [[String: Any]])?.first?["leadsTo"] as? String == "Björk — Post")
        #expect(json["disc"] as? Int == 1)
    }

    @Test func aTakenNumberMovesAndSaysFromWhereAndForgetTakesOnlyCardLines() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist(crlf)
        for (number, album) in [("0042", "post"), ("7", "post"), ("8", "prince")] {
            let result = try await cli.run([
                "card", "assign", "--card", number, album, "--library", library.root,
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let moved = try await cli.run([
            "card", "assign", "--card", "0042", "prince", "--library", library.root,
        ])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout == "Card 0042 moved from Björk — Post to Prince — 1999.\n")
        #expect(
            try text(library)
                == "#EXTM3U\r\n#CDWALLY-CARD:7 Björk — Post\r\n#EXTINF:100,Björk - Post 1\r\nBjörk/Post/01 Post 1.flac\r\n"
                + "#CDWALLY-CARD:8 Prince — 1999\r\n#CDWALLY-CARD:0042 Prince — 1999\r\nPrince/1999/01 1999 1.flac\r\n"
        )

        let byNumber = try await cli.run(["card", "forget", "--card", "0042", "--library", library.root])
        #expect(byNumber.status == 0, "\(byNumber.stderr)")
        #expect(byNumber.stdout == "Forgot card 0042 (Prince — 1999).\n")
        let byAlbum = try await cli.run(["card", "forget", "post", "--library", library.root])
        #expect(byAlbum.stdout == "Forgot card 7 (Björk — Post).\n")
        let last = try await cli.run(["card", "forget", "2", "--library", library.root])
        #expect(last.stdout == "Forgot card 8 (Prince — 1999).\n")
        #expect(try text(library) == crlf)
        let unknown = try await cli.run(["card", "forget", "--card", "0042", "--library", library.root])
        #expect(unknown.status == 66)
        #expect(unknown.stderr == "cdwally: no card 0042 is in the CDs playlist (cdwally cards lists them)\n")
        let none = try await cli.run(["card", "forget", "post", "--library", library.root])
        #expect(none.status == 0)
        #expect(none.stdout == "Björk — Post has no card; nothing changed.\n")
    }

    /// A disc the capacity hides keeps its card lines, and `card forget WORDS` finds it there.
    @Test func forgetFindsTheCardsOfADiscTheCapacityHides() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist("Björk/Post/\nPrince/1999/\n")
        let before = try text(library)
        let assign = try await cli.run([
            "card", "assign", "--card", "8", "prince", "--library", library.root,
        ])
        #expect(assign.status == 0, "\(assign.stderr)")
        // Capacity 1: Prince's disc, the second, is hidden.
        let forget = try await cli.run([
            "card", "forget", "prince", "--capacity", "1", "--library", library.root,
        ])
        #expect(forget.status == 0, "\(forget.stderr)")
        #expect(forget.stdout == "Forgot card 8 (Prince — 1999).\n", "\(forget.stdout)")
        #expect(try text(library) == before)
    }

    @Test func badNumbersAreOneLineAndExit64WithNothingWritten() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist(crlf)
        let cases: [([String], String)] = [
            (
                ["assign", "--card", "12G4", "post"],
                "a card number is digits or hexadecimal digits 0-9 and A-F, not \"G\""
            ),
            (
                ["assign", "--card", String(repeating: "9", count: 200), "post"],
                "a card number has at most 32 digits, not 200"
            ),
            (["assign", "--card", "", "post"], "a card number cannot be empty"),
            (
                ["forget", "--card", "0x12"],
                "a card number is digits or hexadecimal digits 0-9 and A-F, not \"x\""
            ),
        ]
        for (arguments, message) in cases {
            let result = try await cli.run(["card"] + arguments + ["--library", library.root])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr == "cdwally: \(message)\n", "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try text(library) == crlf)
    }

    @Test func anAlbumOutsideTheWalletIsAddedWithItsCardUnlessTheWalletIsFull() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist(crlf)
        let full = try await cli.run([
            "card", "assign", "--card", "5", "takk", "--library", library.root, "--capacity", "2",
        ])
        #expect(full.status == 64)
        #expect(
            full.stderr.hasPrefix(
                "cdwally: the wallet holds 2 discs and its capacity is 2, so Sigur Rós — Takk... was not added"
            ))
        #expect(full.stderr.contains("disc 2, Prince — 1999"))
        #expect(try text(library) == crlf)

        let added = try await cli.run([
            "card", "assign", "--card", "5", "takk", "--library", library.root, "--capacity", "3",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            added.stdout
                == "Added Sigur Rós — Takk... to the wallet as disc 3.\nCard 5 plays Sigur Rós — Takk....\n")
        let written = try text(library)
        #expect(
            written
                == crlf
                + "#CDWALLY-CARD:5 Sigur Rós — Takk...\r\n#EXTINF:1,Sigur Rós - Takk... 1\r\nSigur Rós/Takk/01 Takk... 1.flac\r\n",
            "\(written.debugDescription)")
    }

    @Test func aFolderLineSharedWithOtherAlbumsTakesNoCard() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let shared = "Sigur Rós\nBjörk/Post/01 Post 1.flac\n"
        try library.playlist(shared)
        let refused = try await cli.run(["card", "assign", "--card", "9", "takk", "--library", library.root])
        #expect(refused.status == 65)
        #expect(
            refused.stderr.hasPrefix(
                "cdwally: Sigur Rós — Takk... is reached only through line 1 (Sigur Rós)"))
        #expect(try text(library) == shared)
    }

    @Test func removeTakesTheAlbumsCardLines() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist(crlf)
        _ = try await cli.run(["card", "assign", "--card", "1", "post", "--library", library.root])
        _ = try await cli.run(["card", "assign", "--card", "2", "prince", "--library", library.root])
        let removed = try await cli.run(["remove", "post", "--library", library.root])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(
            try text(library) == "#EXTM3U\r\n#CDWALLY-CARD:2 Prince — 1999\r\nPrince/1999/01 1999 1.flac\r\n")
    }

    @Test func doctorWarnsWhenALabelNoLongerMatchesItsDisc() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist(
            "#CDWALLY-CARD:0042 Somebody — Else\nBjörk/Post/01 Post 1.flac\n#CDWALLY-CARD:7 prince - 1999!\n"
                + "Prince/1999/01 1999 1.flac\n")
        let doctor = try await cli.run(["doctor", "--library", library.root])
        #expect(doctor.status == 0, "\(doctor.stderr)")
        #expect(
            doctor.stdout.contains(
                "line 1: card 0042's label \"Somebody — Else\" does not match the disc below it, Björk — Post"
            ))
        // Case and punctuation aside, a label still names its disc.
        #expect(!doctor.stdout.contains("card 7"))
        let json = try await cli.json(["doctor", "--library", library.root])
        let cards = try #require(json["cards"] as? [String: Any])
        #expect(cards["count"] as? Int == 2)
        #expect((cards["warnings"] as? [String])?.count == 1)
        let listed = try await cli.run(["cards", "--library", library.root])
        #expect(listed.stdout.contains("0042  disc 1: Björk — Post  (its label says \"Somebody — Else\")"))
    }
}
