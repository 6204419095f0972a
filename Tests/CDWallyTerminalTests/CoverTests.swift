import CDWallyCore
import CDWallyVocabulary
import Testing

@testable import CDWallyTerminal

/// The pure parts of the display's cover: where it goes, how it is cut round, what the
/// worker's answer means, and when it is drawn.
@Suite struct CoverTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func theLayoutTakesAThirdOfTheWidthFromSixtyColumns() {
        #expect(CoverLayout.fitting(ScreenSize(columns: 59, rows: 30)) == nil)
        let sixty = CoverLayout.fitting(ScreenSize(columns: 60, rows: 30))
        #expect(sixty == CoverLayout(columns: 20, rows: 10))
        #expect(sixty?.margin == 21)
        #expect(sixty?.textSize(of: ScreenSize(columns: 60, rows: 30)) == ScreenSize(columns: 39, rows: 30))
        // Twice as many columns as rows (cells are about twice as tall as wide), and never the
        // last row.
        #expect(CoverLayout.fitting(ScreenSize(columns: 100, rows: 30)) == CoverLayout(columns: 32, rows: 16))
        #expect(CoverLayout.fitting(ScreenSize(columns: 200, rows: 12)) == CoverLayout(columns: 22, rows: 11))
        // Too short for a disc that reads as one.
        #expect(CoverLayout.fitting(ScreenSize(columns: 100, rows: 4)) == nil)
        #expect(CoverLayout.fitting(ScreenSize(columns: 100, rows: 5)) == CoverLayout(columns: 8, rows: 4))
    }

    @Test func theMaskIsADiscWithAHole() {
        let side = 100
        // Centre (the hole), the ring, the edge's middle, a corner.
        #expect(DiscMask.coverage(x: 50, y: 50, side: side) == 0)
        #expect(DiscMask.coverage(x: 50, y: 30, side: side) == 1)
        #expect(DiscMask.coverage(x: 50, y: 2, side: side) == 1)
        #expect(DiscMask.coverage(x: 0, y: 0, side: side) == 0)
        #expect(DiscMask.coverage(x: 99, y: 99, side: side) == 0)
        // A pixel on the rim is partly covered.
        let rim = DiscMask.coverage(x: 50, y: 0, side: side)
        #expect(rim > 0 && rim <= 1)
        // Symmetric.
        for (x, y) in [(10, 37), (80, 21), (45, 60)] {
            #expect(
                DiscMask.coverage(x: x, y: y, side: side)
                    == DiscMask.coverage(x: side - 1 - x, y: y, side: side))
        }
    }

    @Test func theDiscIsCentredOnATransparentCanvas() {
        let side = 10
        let square = [UInt8](repeating: 200, count: side * side * 4)
        let canvas = DiscMask.disc(from: square, side: side, width: 20, height: 10)
        #expect(canvas.count == 20 * 10 * 4)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { canvas[(y * 20 + x) * 4 + 3] }
        // Left and right of the square: nothing; its middle row, off the hole: opaque.
        #expect(alpha(2, 5) == 0 && alpha(17, 5) == 0)
        #expect(alpha(6, 5) == 200)
        #expect(alpha(10, 5) == 0)
        #expect(alpha(5, 0) == 0)
        // Colour comes through where the disc is.
        #expect(canvas[(5 * 20 + 6) * 4] == 200)
    }

    @Test func theWorkersAnswerIsAPictureOrNothing() throws {
        let symbols = try #require(CoverPicture(answer: Array("symbols-256 4 2\nab\ncd".utf8)))
        #expect(symbols.mode == .symbols256 && symbols.columns == 4 && symbols.rows == 2)
        #expect(text(symbols.paint) == "\u{1B}[1;1Hab\u{1B}[0m\u{1B}[2;1Hcd\u{1B}[0m")
        #expect(text(symbols.erase) == "\u{1B}[1;4H\u{1B}[1K\u{1B}[2;4H\u{1B}[1K")
        let kitty = try #require(CoverPicture(answer: Array("kitty 4 2\n\u{1B}_Gf=32;AAAA\u{1B}\\".utf8)))
        #expect(text(kitty.paint) == "\u{1B}[1;1H\u{1B}_Gf=32;AAAA\u{1B}\\\u{1B}[0m")
        #expect(text(kitty.erase).hasPrefix("\u{1B}_Ga=d\u{1B}\\"))
        #expect(CoverPicture(answer: Array("- libvips: not a picture\n".utf8)) == nil)
        #expect(CoverPicture(answer: Array("teletext 4 2\nxx".utf8)) == nil)
        #expect(CoverPicture(answer: []) == nil)
    }

    @Test func thePictureIsDrawnOnceUntilTheDiscOrTheScreenChanges() {
        let layout = CoverLayout(columns: 4, rows: 2)
        let first = CoverArtist.Request(album: AlbumID(identityKey: "one"), layout: layout)
        let second = CoverArtist.Request(album: AlbumID(identityKey: "two"), layout: layout)
        let picture = CoverPicture(mode: .kitty, columns: 4, rows: 2, bytes: Array("IMG".utf8))
        var slot = CoverSlot()
        var bytes: [UInt8] = []
        #expect(slot.want(first, bytes: &bytes))
        #expect(bytes.isEmpty && slot.margin == 5)
        #expect(slot.paint().isEmpty)
        slot.receive(picture, for: first)
        #expect(text(slot.paint()).contains("IMG"))
        // Ticks: the same request, nothing drawn again.
        #expect(!slot.want(first, bytes: &bytes))
        #expect(slot.paint().isEmpty)
        // Ctrl-L or a resize cleared the screen: drawn again, the old kitty image deleted.
        slot.screenCleared(bytes: &bytes)
        #expect(text(bytes) == "\u{1B}_Ga=d\u{1B}\\")
        #expect(text(slot.paint()).contains("IMG"))
        // Another disc: the old one erased; a late answer for the first is ignored.
        bytes = []
        #expect(slot.want(second, bytes: &bytes))
        #expect(text(bytes).hasPrefix("\u{1B}_Ga=d\u{1B}\\"))
        slot.receive(picture, for: first)
        #expect(slot.paint().isEmpty)
        // No picture for it: the text takes the whole width.
        slot.receive(nil, for: second)
        #expect(slot.margin == 0)
        // Covers not wanted (too narrow): nothing asked.
        #expect(!slot.want(nil, bytes: &bytes))
    }

    @Test func theWorkersCellIsTheTerminalsOrAGuessAndPicturesStaySmall() {
        let symbols = TerminalCoverWorker.cell(for: .symbols256, reported: (20, 40), columns: 32, rows: 16)
        #expect(symbols == (8, 16))
        #expect(TerminalCoverWorker.cell(for: .kitty, reported: (9, 18), columns: 32, rows: 16) == (9, 18))
        #expect(TerminalCoverWorker.cell(for: .kitty, reported: (0, 0), columns: 32, rows: 16) == (10, 20))
        #expect(TerminalCoverWorker.cell(for: .sixel, reported: (0, 0), columns: 32, rows: 16) == (6, 12))
        // 100×50 cells of 20×40 pixels would be 2000 pixels a side.
        let large = TerminalCoverWorker.cell(for: .kitty, reported: (20, 40), columns: 100, rows: 50)
        #expect(large == (10, 20))
        #expect(max(100 * large.width, 50 * large.height) <= TerminalCoverWorker.largestSide)
    }

    @Test func thePickerShowsTheDiscItsNumberNames() {
        let playing = Sample.snapshot(disc: 3)
        #expect(CoverSlot.album(playing, state: DisplayState()) == Sample.wallet.discs[2])
        #expect(CoverSlot.album(playing, state: DisplayState(pendingDisc: "1")) == Sample.wallet.discs[0])
        // A number that names no disc (yet), or none typed: the disc playing.
        #expect(CoverSlot.album(playing, state: DisplayState(pendingDisc: "9")) == Sample.wallet.discs[2])
        #expect(CoverSlot.album(playing, state: DisplayState(pendingDisc: "")) == Sample.wallet.discs[2])
        let idle = PlayerSnapshot(
            state: .idle, disc: nil, trackIndex: nil, track: nil, elapsed: 0, duration: nil,
            wallet: Sample.wallet)
        #expect(CoverSlot.album(idle, state: DisplayState()) == nil)
        #expect(CoverSlot.album(idle, state: DisplayState(pendingDisc: "2")) == Sample.wallet.discs[1])
    }

    @Test func thePainterWritesBesideTheCoverWithoutErasingIt() {
        var painter = ScreenPainter(useStyles: false)
        let output = text(painter.update(to: [ScreenLine("DISC 01")], rows: 2, column: 21))
        #expect(output == "\u{1B}[1;22H\u{1B}[KDISC 01\u{1B}[2;22H\u{1B}[K")
    }
}
