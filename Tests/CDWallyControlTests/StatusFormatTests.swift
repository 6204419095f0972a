import CDWallyControl
import CDWallyVocabulary
import Testing

/// `status --format`'s reading and filling in, without a player.
@Suite struct StatusFormatTests {
    private let playing = PlayerStatus(
        state: .playing,
        disc: .init(
            position: 2, id: "9f3c", albumArtist: "Miles Davis", album: "Kind of Blue", year: 1959,
            trackCount: 5),
        track: .init(
            index: 3, disc: 1, track: 3, title: "Blue in Green", artist: "Bill Evans", path: "/m/03.flac",
            duration: 337.4),
        elapsed: 72.9, trackCount: 5, volume: 80, muted: false, sleep: .secondsLeft(3725), duration: 337.6,
        shuffle: true)
    private let idle = PlayerStatus(state: .idle, disc: nil, track: nil, elapsed: 0, trackCount: 0)

    private func line(_ format: String, _ status: PlayerStatus) throws -> String {
        try StatusFormat(format).render(status)
    }

    @Test func eachPlaceholderIsItsPart() throws {
        let expected: [StatusFormat.Field: (String, String)] = [
            .state: ("playing", "idle"), .artist: ("Bill Evans", ""), .albumartist: ("Miles Davis", ""),
            .album: ("Kind of Blue", ""), .title: ("Blue in Green", ""), .year: ("1959", ""),
            .disc: ("2", ""),
            .track: ("3", ""), .tracks: ("5", ""), .elapsed: ("1:12", ""), .duration: ("5:37", ""),
            .volume: ("80", "100"), .muted: ("", ""), .shuffle: ("shuffle", ""), .sleep: ("1:02:05", ""),
        ]
        #expect(Set(expected.keys) == Set(StatusFormat.Field.allCases))
        for (field, (whilePlaying, whileIdle)) in expected {
            #expect(try line("%\(field.rawValue)%", playing) == whilePlaying, "\(field)")
            #expect(try line("%\(field.rawValue)%", idle) == whileIdle, "\(field)")
        }
    }

    @Test func textAroundPlaceholdersAndPercentSigns() throws {
        #expect(try line("", playing) == "")
        #expect(try line("no placeholder", playing) == "no placeholder")
        #expect(try line("%%", playing) == "%")
        #expect(try line("%volume%%%", playing) == "80%")
        #expect(try line("%%volume%%", playing) == "%volume%")
        #expect(
            try line("[%state%] %artist% — %title% (%elapsed%/%duration%)", playing)
                == "[playing] Bill Evans — Blue in Green (1:12/5:37)")
        var muted = playing
        muted.muted = true
        muted.sleep = .endOfDisc
        muted.track?.title = "Two\nlines\u{1B}[2J"
        #expect(try line("%muted% %sleep% %title%", muted) == "muted end of disc Two lines\u{FFFD}[2J")
    }

    @Test func mistakesAreOneLineNamingThem() {
        for (format, words) in [
            ("%nope%", "\"%nope%\" is not a placeholder"), ("%Title%", "\"%Title%\""), ("%%%x%", "\"%x%\""),
            ("100% of %title%", "\"% of %\""), ("%title", "never closes"), ("%", "never closes"),
            ("%%%", "never closes"),
        ] {
            #expect(throws: StatusFormat.Failure.self, "\(format)") { try StatusFormat(format) }
            do {
                _ = try StatusFormat(format)
            } catch {
                #expect(
                    error.message.hasPrefix("--format: ") && error.message.contains(words), "\(error.message)"
                )
                #expect(!error.message.contains("\n"))
            }
        }
    }
}
