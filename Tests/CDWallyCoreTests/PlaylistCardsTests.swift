import CDWallyCore
import Testing

/// Cards in the CDs playlist (docs/PRODUCT.md §11): a `#CDWALLY-CARD:` line belongs to the
/// next entry below it, and assigning, moving and forgetting one keeps every other byte.
@Suite struct PlaylistCardsTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aNumberIsDigitsOrHexKeptAsTyped() throws {
        #expect(CardNumber("0012")?.text == "0012")
        #expect(CardNumber("04a1b2c3")?.text == "04A1B2C3")
        #expect(CardNumber("0012") != CardNumber("12"))
        #expect(throws: CardNumber.Problem.empty) { try CardNumber(validating: "") }
        #expect(throws: CardNumber.Problem.notHex("G")) { try CardNumber(validating: "12G4") }
        #expect(throws: CardNumber.Problem.notHex(" ")) { try CardNumber(validating: "12 4") }
        #expect(throws: CardNumber.Problem.notHex("٣")) { try CardNumber(validating: "1٣") }
        #expect(throws: CardNumber.Problem.tooLong(200)) {
            try CardNumber(validating: String(repeating: "7", count: 200))
        }
        #expect(CardNumber(String(repeating: "F", count: 32)) != nil)
    }

    @Test func aCardBelongsToTheNextEntrySkippingOnlyHintsBlanksAndCards() {
        let file = bytes(
            """
            #EXTM3U
            #CDWALLY-CARD:0001 A — One
            #CDWALLY-CARD:ab02 A — One again

            #EXTINF:10,A - x
            a/1.flac
            #CDWALLY-CARD:0003 orphaned by a comment
            # a comment
            b/1.flac
            #CDWALLY-CARD:zz bad
            #CDWALLY-CARD:0001 B — repeated
            c/1.flac
            #CDWALLY-CARD:0004 nothing below

            """)
        let reading = PlaylistCards.read(file, isM3U8: true)
        #expect(reading.cards.map(\.number.text) == ["0001", "AB02", "0003", "0004"])
        #expect(reading.cards.map(\.entryLine) == [6, 6, nil, nil])
        #expect(reading.cards[1].label == "A — One again")
        #expect(reading.repeated.map(\.line) == [11])
        #expect(reading.repeated.first?.entryLine == 12)
        #expect(reading.bad.map(\.line) == [10])
    }

    @Test func anAssignedCardGoesAboveTheEntryAndItsHintInTheFilesStyle() {
        let crlf = bytes("#EXTM3U\r\n#EXTINF:3,A - B\r\nA/B.flac\r\nC/D.flac")
        let one = PlaylistCards.assigning(
            CardNumber("0042")!, label: "A — B\nsecond line", toEntryLine: 3, in: crlf, isM3U8: true)
        #expect(one.changed && one.movedFrom == nil)
        #expect(
            text(one.bytes)
                == "#EXTM3U\r\n#CDWALLY-CARD:0042 A — B second line\r\n#EXTINF:3,A - B\r\nA/B.flac\r\nC/D.flac"
        )
        let two = PlaylistCards.assigning(
            CardNumber("7")!, label: "C — D", toEntryLine: 5, in: one.bytes, isM3U8: true)
        #expect(text(two.bytes).hasSuffix("A/B.flac\r\n#CDWALLY-CARD:7 C — D\r\nC/D.flac"))
        let windows: [UInt8] = Array("x/1.mp3\n".utf8) + [0xE9, 0x0A]
        let cp = PlaylistCards.assigning(
            CardNumber("1")!, label: "Café — Ω", toEntryLine: 2, in: windows, isM3U8: false)
        #expect(
            cp.bytes == Array("x/1.mp3\n#CDWALLY-CARD:1 Caf".utf8) + [
                0xE9, 0x20, 0x97, 0x20, 0x3F, 0x0A, 0xE9, 0x0A,
            ])
        let bom = PlaylistCards.assigning(
            CardNumber("1")!, label: "x", toEntryLine: 1, in: bytes("\u{FEFF}a.flac\n"), isM3U8: true)
        #expect(text(bom.bytes) == "\u{FEFF}#CDWALLY-CARD:1 x\na.flac\n")
    }

    @Test func assigningATakenNumberMovesItAndSaysFromWhere() {
        let file = bytes("#CDWALLY-CARD:0042 A — B\nA/B.flac\n#EXTINF:1,C - D\nC/D.flac\n")
        let moved = PlaylistCards.assigning(
            CardNumber("0042")!, label: "C — D", toEntryLine: 4, in: file, isM3U8: true)
        #expect(moved.movedFrom == 2)
        #expect(text(moved.bytes) == "A/B.flac\n#CDWALLY-CARD:0042 C — D\n#EXTINF:1,C - D\nC/D.flac\n")
        let again = PlaylistCards.assigning(
            CardNumber("0042")!, label: "C — D", toEntryLine: 3, in: moved.bytes, isM3U8: true)
        #expect(!again.changed && again.bytes == moved.bytes)
    }

    @Test func forgettingTakesOnlyTheCardLinesAndAnAlbumTakesItsCardsWithIt() {
        let file = bytes(
            "\u{FEFF}#CDWALLY-CARD:1 A\n#CDWALLY-CARD:2 A\n#EXTINF:1,A - a\nA/1.flac\n# keep\n#CDWALLY-CARD:3 B\nB/1.flac\n"
        )
        let one = PlaylistCards.lines(of: CardNumber("1")!, in: file, isM3U8: true)
        #expect(one == [1])
        #expect(
            text(PlaylistCards.removing(cardLines: one, from: file))
                == "\u{FEFF}#CDWALLY-CARD:2 A\n#EXTINF:1,A - a\nA/1.flac\n# keep\n#CDWALLY-CARD:3 B\nB/1.flac\n"
        )
        #expect(PlaylistLines(file).cards(of: [4]) == [1, 2])
        #expect(
            text(PlaylistEdit.removing(entryLines: [4], from: file))
                == "\u{FEFF}# keep\n#CDWALLY-CARD:3 B\nB/1.flac\n")
    }
}
