import Testing

@testable import CDWallyCore

@Suite struct M3UParserTests {
    private func parse(_ text: String, m3u8: Bool = true) -> [PlaylistEntry] {
        M3UParser.parse(Array(text.utf8), isM3U8: m3u8).entries
    }

    @Test func extinfCommentsBlankLinesAndLineNumbers() {
        let entries = parse(
            "#EXTM3U\n\n# a comment\n#EXTINF:215,Ada Trio - Note G\nAda/01 Note G.flac\nBob/02.mp3\n")
        #expect(entries.count == 2)
        #expect(entries[0].line == 5)
        #expect(entries[0].hint == ExtInf(duration: 215, artist: "Ada Trio", title: "Note G"))
        #expect(entries[0].location == .file(RawPath("Ada/01 Note G.flac")))
        #expect(entries[1].line == 6)
        #expect(entries[1].hint == nil)
    }

    @Test func crlfAndBOMAreStripped() {
        let bytes: [UInt8] =
            [0xEF, 0xBB, 0xBF] + Array("#EXTM3U\r\n#EXTINF:-1,Title Only\r\n  a/b.flac  \r\n".utf8)
        let entries = M3UParser.parse(bytes, isM3U8: false).entries
        #expect(entries.map(\.location) == [.file(RawPath("a/b.flac"))])
        #expect(entries[0].hint == ExtInf(duration: nil, artist: nil, title: "Title Only"))
    }

    @Test func latin1M3UIsReadAsWindows1252WithRawBytesAsAlternative() {
        // "Café – Ünïcode.mp3" in Windows-1252: é=E9, en dash=96, Ü=DC, ï=EF.
        let bytes: [UInt8] =
            Array("Caf".utf8) + [0xE9, 0x20, 0x96, 0x20, 0xDC, 0x6E, 0xEF] + Array("code.mp3\n".utf8)
        let result = M3UParser.parse(bytes, isM3U8: false)
        #expect(result.encoding == .windows1252)
        #expect(result.entries[0].text == "Café – Ünïcode.mp3")
        #expect(result.entries[0].location == .file(RawPath("Café – Ünïcode.mp3")))
        #expect(result.entries[0].alternatives.contains(RawPath(bytes: bytes.dropLast())))
    }

    @Test func validUTF8M3UStaysUTF8() {
        let result = M3UParser.parse(Array("Café.mp3\n".utf8), isM3U8: false)
        #expect(result.encoding == .utf8)
        #expect(result.entries[0].location == .file(RawPath("Café.mp3")))
    }

    @Test func invalidUTF8InM3U8KeepsTheRealBytes() {
        let bytes: [UInt8] = Array("a/".utf8) + [0xE9] + Array(".flac".utf8)
        let entries = M3UParser.parse(bytes, isM3U8: true).entries
        #expect(entries[0].location == .file(RawPath(bytes: bytes)))
        #expect(entries[0].text == "a/\u{FFFD}.flac")
    }

    @Test func fileURIsArePercentDecodedToBytes() {
        let entries = parse("file:///music/A%20B/%E9t%C3%A9.flac\nfile://localhost/x/y.mp3\nFILE:///z.ogg\n")
        #expect(
            entries[0].location
                == .file(RawPath(bytes: Array("/music/A B/".utf8) + [0xE9] + Array("t\u{E9}.flac".utf8))))
        #expect(entries[1].location == .file(RawPath("/x/y.mp3")))
        #expect(entries[2].location == .file(RawPath("/z.ogg")))
    }

    @Test func backslashPathsGetAForwardSlashAlternative() {
        let entries = parse("Artist\\Album\\01 Song.flac\n")
        #expect(entries[0].location == .file(RawPath("Artist\\Album\\01 Song.flac")))
        #expect(entries[0].alternatives == [RawPath("Artist/Album/01 Song.flac")])
        #expect(entries[0].fileName == "01 Song.flac")
    }

    @Test func windowsDrivePathsAndStreamsAreRecognised() {
        let entries = parse(
            "C:\\Music\\Song.mp3\n\\\\server\\share\\x.flac\nhttp://radio.example/stream\nhttps://x.example/a.mp3\nrtsp://cam/1\n"
        )
        #expect(entries[0].location == .windowsPath("C:\\Music\\Song.mp3"))
        #expect(entries[0].fileName == "Song.mp3")
        #expect(entries[1].location == .windowsPath("\\\\server\\share\\x.flac"))
        #expect(entries[2].location == .stream("http://radio.example/stream"))
        #expect(entries[3].location == .stream("https://x.example/a.mp3"))
        #expect(entries[4].location == .stream("rtsp://cam/1"))
    }

    @Test func extinfAppliesOnlyToTheNextEntry() {
        let entries = parse("#EXTINF:10,A - B\nfirst.flac\nsecond.flac\n")
        #expect(entries[0].hint?.title == "B")
        #expect(entries[1].hint == nil)
    }

    @Test func windows1252DecodesItsSpecialRange() {
        #expect(Windows1252.decode([0x80, 0x99, 0x9F, 0x81]) == "€™Ÿ\u{81}")
    }

    /// A NUL ends a C string: cut there, `Album/\0junk` would name `Album/`. No file has one
    /// in its name, so the line is unusable as a whole.
    @Test func aLineWithANulIsUnusableNotCutShort() {
        let bytes: [UInt8] = Array("Album/".utf8) + [0] + Array("junk\nB/01.flac\n".utf8)
        let result = M3UParser.parse(bytes, isM3U8: true)
        #expect(result.looksLikePlaylist)
        #expect(result.entries.count == 2)
        guard case .unusable(let reason) = result.entries[0].location else {
            Issue.record("\(result.entries[0].location)")
            return
        }
        #expect(reason.contains("NUL"))
        #expect(result.entries[1].location == .file(RawPath("B/01.flac")))
    }

    @Test func binaryDataIsNotAPlaylist() {
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let utf16 = Array("#EXTM3U\nA/01.flac\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for bytes in [noise, [0xFF, 0xFE] + utf16] {
            let result = M3UParser.parse(bytes, isM3U8: true)
            #expect(!result.looksLikePlaylist)
            #expect(result.entries.isEmpty)
        }
        // A stray control character or two is still text.
        let text = M3UParser.parse(Array("A/01.flac\n\u{1B}B/02.flac\n\u{0}\n".utf8), isM3U8: true)
        #expect(text.looksLikePlaylist && text.entries.count == 3)
    }
}
