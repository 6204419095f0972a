import CDWallyCore
import Testing

/// A playlist changed as little as it can (docs/PRODUCT.md §10): its style read from its bytes,
/// one line appended in it, an album's lines and hints removed, every other byte kept.
@Suite struct PlaylistEditTests {
    private let playlist = RawPath("/music/CDs.m3u8")
    private let entry = PlaylistEdit.NewEntry(
        path: RawPath("/music/Björk/Post/01 Army of Me.flac"), artist: "Björk", title: "Army of Me",
        duration: 234.4)

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func theStyleIsTheMajoritysOfTheFilesLines() {
        let crlf = PlaylistStyle.of(
            Array("#EXTM3U\r\n#EXTINF:1,a - b\r\n/a/b.flac\r\n/c/d.flac\r\nx/y.flac".utf8), isM3U8: true)
        #expect(crlf.crlf)
        #expect(crlf.pathForm == .absolute)
        #expect(!crlf.writesExtInf)
        #expect(!crlf.endsWithLineEnd)
        let urls = PlaylistStyle.of(
            Array("\u{FEFF}file:///a/b.flac\nfile:///c.flac\nhttp://x/y\n".utf8), isM3U8: true)
        #expect(urls.hasBOM)
        #expect(urls.pathForm == .fileURL)
        #expect(!urls.crlf)
        let windows = PlaylistStyle.of(Array("Artist\\Album\\01.mp3\n".utf8) + [0xE9, 0x0A], isM3U8: false)
        #expect(windows.encoding == .windows1252)
        #expect(windows.backslashes)
        #expect(windows.pathForm == .relative)
        #expect(PlaylistStyle.of([], isM3U8: true) == .fresh)
    }

    @Test func anAddedAlbumIsOneLineInTheFilesStyle() {
        let relative = PlaylistEdit.appending(
            entry, to: Array("#EXTM3U\r\n#EXTINF:3,A - B\r\nA/B.flac".utf8), playlist: playlist)
        #expect(
            text(relative)
                == "#EXTM3U\r\n#EXTINF:3,A - B\r\nA/B.flac\r\n#EXTINF:234,Björk - Army of Me\r\nBjörk/Post/01 Army of Me.flac\r\n"
        )
        let absolute = PlaylistEdit.appending(
            entry, to: Array("/other/place.flac\n".utf8), playlist: playlist)
        #expect(text(absolute) == "/other/place.flac\n/music/Björk/Post/01 Army of Me.flac\n")
        let url = PlaylistEdit.appending(entry, to: Array("file:///x.flac\n".utf8), playlist: playlist)
        #expect(text(url) == "file:///x.flac\nfile:///music/Bj%C3%B6rk/Post/01%20Army%20of%20Me.flac\n")
        let cp1252 = Array("A\\B.mp3\n".utf8) + [0xE9, 0x0A]
        let windows = PlaylistEdit.appending(entry, to: cp1252, playlist: RawPath("/music/CDs.m3u"))
        #expect(windows == cp1252 + Array("Bj".utf8) + [0xF6] + Array("rk\\Post\\01 Army of Me.flac\n".utf8))
        let fresh = PlaylistEdit.appending(entry, to: nil, playlist: playlist)
        #expect(text(fresh) == "#EXTM3U\n#EXTINF:234,Björk - Army of Me\nBjörk/Post/01 Army of Me.flac\n")
    }

    @Test func aPathTheEncodingCannotHoldIsAFileURI() {
        let japanese = PlaylistEdit.NewEntry(
            path: RawPath("/music/坂本/01.flac"), artist: "坂本", title: "x", duration: 1)
        let bytes = PlaylistEdit.appending(
            japanese, to: Array("A/B.mp3\n".utf8) + [0xE9, 0x0A], playlist: RawPath("/music/CDs.m3u"))
        #expect(
            bytes.suffix(38)
                == ArraySlice(Array("file:///music/%E5%9D%82%E6%9C%AC/01.flac\n".utf8).suffix(38)))
        #expect(!bytes.contains(0xE5))
    }

    @Test func removingLinesTakesTheirHintsAndKeepsTheRest() {
        let original = Array(
            "\u{FEFF}#EXTINF:1,a - b\r\nA/1.flac\r\n# note\r\n\r\n#EXTINF:2,c - d\r\n# between\r\nC/2.flac\r\nD/3.flac"
                .utf8)
        #expect(
            text(PlaylistEdit.removing(entryLines: [2], from: original))
                == "\u{FEFF}# note\r\n\r\n#EXTINF:2,c - d\r\n# between\r\nC/2.flac\r\nD/3.flac")
        #expect(
            text(PlaylistEdit.removing(entryLines: [7, 8], from: original))
                == "\u{FEFF}#EXTINF:1,a - b\r\nA/1.flac\r\n# note\r\n\r\n# between\r\n")
        #expect(PlaylistEdit.removing(entryLines: [], from: original) == original)
        // Bytes that are not UTF-8 pass through untouched.
        let raw: [UInt8] = [0x41, 0xFF, 0x0A, 0x42, 0x0A]
        #expect(PlaylistEdit.removing(entryLines: [2], from: raw) == [0x41, 0xFF, 0x0A])
    }
}
