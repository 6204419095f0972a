import Testing

@testable import CDWallyTerminal

/// Frames into terminal bytes: only what changed, styles only when allowed.
@Suite struct ScreenPainterTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func theFirstFrameDrawsEveryRowThenOnlyChangedRows() {
        var painter = ScreenPainter(useStyles: false)
        let first = text(
            painter.update(to: [ScreenLine("one"), ScreenLine("two"), ScreenLine("three")], rows: 4))
        #expect(
            first
                == "\u{1B}[1;1H\u{1B}[2Kone\u{1B}[2;1H\u{1B}[2Ktwo\u{1B}[3;1H\u{1B}[2Kthree\u{1B}[4;1H\u{1B}[2K"
        )
        let same = painter.update(to: [ScreenLine("one"), ScreenLine("two"), ScreenLine("three")], rows: 4)
        #expect(same.isEmpty)
        let changed = text(
            painter.update(to: [ScreenLine("one"), ScreenLine("2"), ScreenLine("three")], rows: 4))
        #expect(changed == "\u{1B}[2;1H\u{1B}[2K2")
        painter.invalidate()
        let full = text(
            painter.update(to: [ScreenLine("one"), ScreenLine("2"), ScreenLine("three")], rows: 4))
        #expect(full.components(separatedBy: "\u{1B}[2K").count == 5)
    }

    @Test func stylesOnlyWhenAllowed() {
        let line = ScreenLine([.init("DISC 01", .display), .init(" plain")])
        var plain = ScreenPainter(useStyles: false)
        #expect(text(plain.update(to: [line], rows: 1)) == "\u{1B}[1;1H\u{1B}[2KDISC 01 plain")
        var styled = ScreenPainter(useStyles: true)
        #expect(
            text(styled.update(to: [line], rows: 1))
                == "\u{1B}[1;1H\u{1B}[2K\u{1B}[1;7mDISC 01\u{1B}[0m plain")
    }

    @Test func stylesFollowNoColorAndTerm() {
        #expect(TerminalPlayerUI.stylesAllowed(environment: ["TERM": "xterm"]))
        #expect(TerminalPlayerUI.stylesAllowed(environment: ["TERM": "xterm", "NO_COLOR": ""]))
        #expect(!TerminalPlayerUI.stylesAllowed(environment: ["TERM": "xterm", "NO_COLOR": "1"]))
        #expect(!TerminalPlayerUI.stylesAllowed(environment: ["TERM": "dumb"]))
    }
}
