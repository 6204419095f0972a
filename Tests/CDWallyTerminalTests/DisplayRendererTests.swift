import CDWallyCore
import CDWallyVocabulary
import Testing

@testable import CDWallyTerminal

/// The screen as a function of state: what a user reads on each kind of terminal.
@Suite struct DisplayRendererTests {
    private let size = ScreenSize(columns: 100, rows: 30)

    private func render(
        _ snapshot: PlayerSnapshot, _ size: ScreenSize = ScreenSize(columns: 100, rows: 30),
        _ state: DisplayState = DisplayState()
    ) -> [String] {
        DisplayRenderer.render(snapshot, size: size, state: state).map(\.text)
    }

    private func trimmed(_ line: String) -> String {
        String(line.reversed().drop(while: { $0 == " " }).reversed())
    }

    @Test func theLCDLineHasTheExactForm() {
        let lines = render(Sample.snapshot())
        #expect(trimmed(lines[0]) == "DISC 03  TRACK 04/12  02:17 / 05:43  PLAY")
        #expect(lines[1] == "The Sine Waves — Low Tide Arpeggios — Track 4")
    }

    @Test func theLCDLineNamesEachState() {
        #expect(trimmed(render(Sample.snapshot(.paused))[0]).hasSuffix("05:43  PAUSE"))
        #expect(trimmed(render(Sample.snapshot(.stopped, duration: nil))[0]).hasSuffix("05:43  STOP"))
        #expect(trimmed(render(Sample.idle)[0]) == "DISC --  TRACK --/--  --:-- / --:--  STOP")
        var waiting = Sample.snapshot()
        waiting.waitingForOutput = true
        #expect(trimmed(render(waiting)[0]).hasSuffix("05:43  WAIT"))
    }

    @Test func theLCDLineFillsTheRowForItsReverseVideoBand() {
        let lines = DisplayRenderer.render(Sample.snapshot(), size: size, state: DisplayState())
        #expect(DisplayWidth.of(lines[0].text) == 100)
        #expect(lines[0].runs.map(\.style) == [.display])
    }

    @Test func timesPastAnHourKeepCountingMinutesAndUnknownOnesShowDashes() {
        let long = Sample.snapshot(elapsed: 3725, duration: 7322)
        #expect(trimmed(render(long)[0]) == "DISC 03  TRACK 04/12  62:05 / 122:02  PLAY")
        let wallet = Wallet(
            discs: [Sample.album(artist: "A", title: "B", tracks: ["C"], seconds: 0)], total: 1, capacity: 0)
        let unknown = Sample.snapshot(disc: 1, track: 1, elapsed: 5, duration: nil, wallet: wallet)
        #expect(trimmed(render(unknown)[0]) == "DISC 01  TRACK 01/01  00:05 / --:--  PLAY")
    }

    @Test func theTrackListMarksTheCurrentTrackWithItsLength() {
        let lines = render(Sample.snapshot())
        #expect(lines[2] == "")
        #expect(lines[3].hasPrefix("  01  Track 1 "))
        #expect(lines[6].hasPrefix("> 04  Track 4 "))
        #expect(lines[6].hasSuffix("  05:43"))
        #expect(DisplayWidth.of(lines[6]) == 100)
        #expect(lines.filter { $0.hasPrefix("> ") }.count == 1)
        #expect(lines.last == "? keys  q quit" + String(repeating: " ", count: 69) + "VOL 100 · 3 discs")
        var muted = Sample.snapshot()
        (muted.volume, muted.muted) = (95, true)
        #expect(render(muted).last?.hasSuffix("  MUTED · 3 discs") == true)
        muted.muted = false
        #expect(render(muted).last?.hasSuffix("  VOL 95 · 3 discs") == true)
    }

    @Test func aShortTerminalWindowsTheTrackListAroundTheCurrentTrack() {
        let lines = render(Sample.snapshot(track: 10), ScreenSize(columns: 60, rows: 10))
        #expect(lines.count == 10)
        let tracks = lines.filter { $0.hasPrefix("  ") && $0.contains("Track") || $0.hasPrefix("> ") }
        #expect(tracks.count == 4)
        #expect(tracks.contains { $0.hasPrefix("> 10  Track 10") })
        #expect(!lines.contains { $0.hasPrefix("  01  ") })
        #expect(DisplayRenderer.window(count: 12, around: 11, rows: 4) == 8..<12)
        #expect(DisplayRenderer.window(count: 12, around: 0, rows: 4) == 0..<4)
        #expect(DisplayRenderer.window(count: 12, around: 5, rows: 4) == 4..<8)
        #expect(DisplayRenderer.window(count: 3, around: 2, rows: 4) == 0..<3)
        #expect(DisplayRenderer.window(count: 12, around: nil, rows: 0) == 0..<0)
    }

    @Test func longNamesAreCutToTheWidthCountingWideCharactersTwice() {
        let wide = Sample.album(
            artist: "坂本龍一", title: "音楽図鑑 Illustrated Musical Encyclopedia",
            tracks: ["東京の夜に降る雨の音を聴きながら眠る", "B"])
        let wallet = Wallet(discs: [wide], total: 1, capacity: 0)
        let lines = render(
            Sample.snapshot(disc: 1, track: 1, wallet: wallet), ScreenSize(columns: 40, rows: 10))
        #expect(lines[1].hasSuffix("…"))
        #expect(lines[1].hasPrefix("坂本龍一 — 音楽図鑑"))
        #expect(DisplayWidth.of(lines[1]) <= 40)
        #expect(DisplayWidth.of(lines[1]) >= 39)
        let current = lines.first { $0.hasPrefix("> 01") }
        #expect(current.map(DisplayWidth.of) == 40)
        #expect(current?.contains("…") == true)
    }

    @Test func aNarrowTerminalGetsTheCompactLCDLine() {
        let lines = render(Sample.snapshot(.paused), ScreenSize(columns: 40, rows: 10))
        #expect(trimmed(lines[0]) == "DISC 03 TRACK 04/12 02:17/05:43 PAUSE")
        #expect(trimmed(render(Sample.snapshot(), ScreenSize(columns: 12, rows: 3))[0]) == "D03 T04 02:…")
    }

    @Test func everySizeGetsExactlyItsRowsAndNoRowIsTooWide() {
        let states = [
            DisplayState(), DisplayState(helpShown: true), DisplayState(pendingDisc: "12"),
            DisplayState(message: String(repeating: "warning ", count: 30)),
        ]
        let snapshots = [Sample.snapshot(), Sample.snapshot(.stopped), Sample.idle]
        for columns in [0, 1, 2, 5, 13, 29, 30, 40, 79, 80, 132] {
            for rows in [0, 1, 2, 3, 4, 5, 7, 8, 10, 24, 60] {
                for state in states {
                    for snapshot in snapshots {
                        let lines = render(snapshot, ScreenSize(columns: columns, rows: rows), state)
                        #expect(lines.count == rows, "\(columns)×\(rows)")
                        #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns }, "\(columns)×\(rows)")
                    }
                }
            }
        }
    }

    @Test func tinyTerminalsKeepTheLCDAndTheWayOut() {
        #expect(
            render(Sample.snapshot(), ScreenSize(columns: 80, rows: 1)).map(trimmed) == [
                "DISC 03  TRACK 04/12  02:17 / 05:43  PLAY"
            ])
        let two = render(Sample.snapshot(), ScreenSize(columns: 80, rows: 2))
        #expect(two[1].hasPrefix("? keys  q quit"))
        let three = render(
            Sample.snapshot(), ScreenSize(columns: 80, rows: 3), DisplayState(message: "Skipped x"))
        #expect(three[1] == "The Sine Waves — Low Tide Arpeggios — Track 4")
        #expect(three[2] == "Skipped x")
    }

    @Test func idleShowsTheWalletAndHowToStart() {
        let lines = render(Sample.idle)
        #expect(lines[1] == "3 discs in the wallet")
        #expect(lines[3].hasPrefix("  01  Captain Oscillator — Chord Sandwich"))
        #expect(lines[3].hasSuffix("2019"))
        #expect(lines[5].hasPrefix("  03  The Sine Waves — Low Tide Arpeggios"))
        #expect(lines[28].hasPrefix("space plays"))
        let empty = render(PlayerSnapshot.idle(wallet: .empty))
        #expect(empty[1] == "The wallet is empty: add albums to the CDs playlist")
    }

    @Test func stoppedShowsTheResumePointAndAHint() {
        let lines = render(Sample.snapshot(.stopped, elapsed: 61, duration: nil))
        #expect(trimmed(lines[0]) == "DISC 03  TRACK 04/12  01:01 / 05:43  STOP")
        #expect(lines.contains { $0.hasPrefix("> 04  Track 4") })
        #expect(lines[28].hasPrefix("Stopped · space plays"))
    }

    @Test func typingADiscNumberShowsTheWalletAndWhatItWouldPlay() {
        let lines = render(Sample.snapshot(), size, DisplayState(pendingDisc: "2"))
        #expect(lines[28].hasPrefix("Disc 2_ · Dr. Theremin — Music for Waiting Rooms · Enter plays"))
        #expect(lines.contains { $0.hasPrefix("> 02  Dr. Theremin — Music for Waiting Rooms") })
        let wrong = render(Sample.snapshot(), size, DisplayState(pendingDisc: "9"))
        #expect(wrong[28] == "Disc 9_ · no such disc (1–3) · Esc cancels")
        #expect(!wrong.contains { $0.hasPrefix("> ") })
        let none = render(Sample.snapshot(), size, DisplayState(pendingDisc: ""))
        #expect(none[28].hasPrefix("Disc _ · type its number"))
    }

    @Test func theHelpOverlayListsEveryKeyOfTheTable() {
        let lines = render(Sample.snapshot(), size, DisplayState(helpShown: true))
        for binding in KeyBinding.table {
            #expect(
                lines.contains { $0.contains(binding.label) && $0.contains(binding.summary) },
                "\(binding.label)")
        }
        #expect(lines.contains { $0.hasPrefix("  space      play / pause") })
        #expect(lines.last?.hasPrefix("? hide keys  q quit") == true)
        #expect(!lines.contains { $0.contains("Track 4") })
    }

    @Test func theHelpOverlayUsesTwoColumnsOrSaysWhatIsMissingOnSmallTerminals() {
        let twoColumns = render(
            Sample.snapshot(), ScreenSize(columns: 80, rows: 12), DisplayState(helpShown: true))
        #expect(twoColumns.contains { $0.hasPrefix("  space") && $0.contains("  s ") && $0.contains("stop") })
        let labels = KeyBinding.table.map(\.label)
        #expect(labels.allSatisfy { label in twoColumns.contains { $0.contains(label) } })
        let cramped = render(
            Sample.snapshot(), ScreenSize(columns: 40, rows: 10), DisplayState(helpShown: true))
        #expect(cramped.contains { $0.contains("more on a larger terminal") })
        #expect(cramped.count == 10)
    }

    @Test func messagesAndTagsCannotDrawEscapeSequences() {
        let hostile = Sample.album(artist: "Evil\u{1B}[2J", title: "Line\nBreak", tracks: ["Bell\u{07}"])
        let wallet = Wallet(discs: [hostile], total: 1, capacity: 0)
        let lines = render(
            Sample.snapshot(disc: 1, track: 1, wallet: wallet), size,
            DisplayState(message: "stray\u{1B}[31m red"))
        let text = lines.joined()
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
        #expect(lines[1] == "Evil\u{FFFD}[2J — Line Break — Bell\u{FFFD}")
        #expect(lines[28] == "stray\u{FFFD}[31m red")
    }
}
