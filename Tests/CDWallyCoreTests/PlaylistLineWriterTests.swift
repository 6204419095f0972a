import CDWallyCore
import Testing

/// What `add` writes into the user's playlist reads back as exactly what was meant
/// (docs/PRODUCT.md §11): a hint is one line, an entry line is parsed before it is written,
/// relative lines are relative to the playlist's own folder, and the style is the same in
/// every run.
@Suite struct PlaylistLineWriterTests {
    private let library = RawPath("/music")

    private func entry(_ path: String, title: String = "One") -> PlaylistEdit.NewEntry {
        PlaylistEdit.NewEntry(path: RawPath(path), artist: "Artist", title: title, duration: 60)
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The file's entries after appending, resolved as the wallet resolves them.
    private func paths(_ bytes: [UInt8], playlist: RawPath) -> [RawPath] {
        M3UParser.parse(bytes, isM3U8: playlist.fileExtension == "m3u8").entries.compactMap { entry in
            guard case .file(let path) = entry.location else { return nil }
            return (path.isAbsolute ? path : playlist.parent.appending(path)).lexicallyNormalized()
        }
    }

    @Test func aHintIsOneLineWhateverTheTagsHold() {
        let playlist = RawPath("/music/CDs.m3u8")
        let original = Array("#EXTM3U\n#EXTINF:1,a - b\nA/01.flac\n".utf8)
        for title in ["Song\nZ/Zed/01.flac", "Track one\n.", "a\r\nb", "a\u{2028}b\u{2029}c", "a\u{85}b\0c"] {
            let bytes = PlaylistEdit.appending(
                entry("/music/B/01.flac", title: title), to: original, playlist: playlist)
            #expect(
                paths(bytes, playlist: playlist) == [
                    RawPath("/music/A/01.flac"), RawPath("/music/B/01.flac"),
                ])
            #expect(bytes.count(where: { $0 == 0x0A }) == 5, "\(title.debugDescription)")
        }
        let bytes = PlaylistEdit.appending(
            entry("/music/B/01.flac", title: "Song\nZ/Zed/01.flac"), to: original, playlist: playlist)
        #expect(
            text(bytes) == text(original) + "#EXTINF:60,Artist - Song Z/Zed/01.flac\nB/01.flac\n")
        let huge = PlaylistEdit.NewEntry(
            path: RawPath("/music/B/01.flac"), artist: "a", title: "b", duration: 1e300)
        #expect(
            text(PlaylistEdit.appending(huge, to: nil, playlist: playlist)).contains("#EXTINF:-1,a - b\n"))
    }

    @Test func aRelativeLineThatWouldMisreadGetsADotSlash() {
        let playlist = RawPath("/music/CDs.m3u8")
        let cases = [
            "#1 Hits/01.flac", "  Spaced/01.flac", "C:/01.flac", "c:\\x/01.flac",
            "Live: 1999/01.flac", "file:odd/01.flac", "\\\\server/01.flac", "http:/x.flac",
        ]
        for name in cases {
            let bytes = PlaylistEdit.appending(entry("/music/" + name), to: nil, playlist: playlist)
            #expect(text(bytes).hasSuffix("\n./" + name + "\n"), "\(name.debugDescription)")
            #expect(paths(bytes, playlist: playlist) == [RawPath("/music/" + name)])
        }
        // A plain name stays plain; a colon further in is no scheme.
        for name in ["Plain/01.flac", "A b/Live: 1999.flac", "1:2/01.flac"] {
            let bytes = PlaylistEdit.appending(entry("/music/" + name), to: nil, playlist: playlist)
            #expect(text(bytes).hasSuffix("\n" + name + "\n"), "\(name)")
        }
    }

    @Test func aFileURIOnlyWhereNoPlainLineCanCarryThePath() {
        let playlist = RawPath("/music/CDs.m3u8")
        let cases: [(RawPath, String)] = [
            (RawPath("/music/Line\nFeed/01.flac"), "file:///music/Line%0AFeed/01.flac"),
            (RawPath("/music/Return/01.flac\r"), "file:///music/Return/01.flac%0D"),
            (RawPath("/music/Trailing/01.flac "), "file:///music/Trailing/01.flac%20"),
            (RawPath("/music/C1\u{85}/01.flac"), "file:///music/C1%C2%85/01.flac"),
            (RawPath("/music/\tTab/01.flac"), "file:///music/%09Tab/01.flac"),
            (
                RawPath(bytes: Array("/music/Caf".utf8) + [0xE9] + Array("/01.flac".utf8)),
                "file:///music/Caf%E9/01.flac"
            ),
        ]
        for (path, line) in cases {
            let new = PlaylistEdit.NewEntry(path: path, artist: "a", title: "b", duration: 1)
            for name in ["CDs.m3u8", "CDs.m3u"] {
                let playlist = RawPath("/music/" + name)
                let bytes = PlaylistEdit.appending(new, to: Array("A/01.flac\n".utf8), playlist: playlist)
                #expect(text(bytes).hasSuffix("\n" + line + "\n"), "\(path.display.debugDescription)")
                #expect(String(validating: bytes, as: UTF8.self) != nil)
                #expect(paths(bytes, playlist: playlist).last == path)
            }
        }
        // The same in an absolute playlist; a file:// playlist gets URIs anyway.
        let absolute = PlaylistEdit.appending(
            PlaylistEdit.NewEntry(path: cases[0].0, artist: "a", title: "b", duration: 1),
            to: Array("/x/01.flac\n".utf8), playlist: playlist)
        #expect(text(absolute).hasSuffix("\n" + cases[0].1 + "\n"))
    }

    @Test func relativeLinesAreRelativeToThePlaylistsOwnFolder() {
        let nested = RawPath("/music/Playlists/CDs.m3u8")
        let relative = PlaylistEdit.appending(
            entry("/music/Artist/Album/01.flac"), to: Array("../Other/Album/01.flac\n".utf8),
            playlist: nested,
            library: library)
        #expect(text(relative) == "../Other/Album/01.flac\n../Artist/Album/01.flac\n")
        #expect(paths(relative, playlist: nested).last == RawPath("/music/Artist/Album/01.flac"))
        let deep = PlaylistEdit.appending(
            entry("/music/Artist/Album/01.flac"), to: nil, playlist: RawPath("/music/a/b/CDs.m3u8"),
            library: library)
        #expect(text(deep).hasSuffix("\n../../Artist/Album/01.flac\n"))
        let beside = PlaylistEdit.appending(
            entry("/music/Lists/Album/01.flac"), to: nil, playlist: RawPath("/music/Lists/CDs.m3u8"),
            library: library)
        #expect(text(beside).hasSuffix("\nAlbum/01.flac\n"))
        let windows = PlaylistEdit.appending(
            entry("/music/Artist/Album/01.flac"), to: Array("..\\Other\\01.mp3\n".utf8), playlist: nested,
            library: library)
        #expect(text(windows) == "..\\Other\\01.mp3\n..\\Artist\\Album\\01.flac\n")
        // A playlist outside the library, or an album outside it: absolute.
        let outside = PlaylistEdit.appending(
            entry("/music/Artist/Album/01.flac"), to: Array("A/01.flac\n".utf8),
            playlist: RawPath("/home/me/CDs.m3u8"), library: library)
        #expect(text(outside) == "A/01.flac\n/music/Artist/Album/01.flac\n")
        let elsewhere = PlaylistEdit.appending(
            entry("/srv/other/01.flac"), to: Array("A/01.flac\n".utf8), playlist: nested, library: library)
        #expect(text(elsewhere) == "A/01.flac\n/srv/other/01.flac\n")
    }

    @Test func aHintLeftWithoutItsEntryIsNotTakenByTheUndo() {
        // Three entries and one hint: a file that goes without hints, whose last hint has
        // no entry. The added entry brings its own, so that its undo leaves that one.
        let original = Array("A/01.flac\nB/01.flac\nC/01.flac\n#EXTINF:3,left - over\n".utf8)
        let playlist = RawPath("/music/CDs.m3u8")
        let added = PlaylistEdit.appending(entry("/music/D/01.flac"), to: original, playlist: playlist)
        #expect(text(added) == text(original) + "#EXTINF:60,Artist - One\nD/01.flac\n")
        #expect(PlaylistEdit.removing(entryLines: [6], from: added) == original)
    }

    @Test func theStylesTieBreakIsTheSameInEveryRun() {
        // Two relative lines, two absolute, a URI last: the tie between relative and absolute
        // goes to the form of the last line seen, not to a Dictionary's order (which differs
        // from one dictionary to the next).
        let bytes = Array("a.flac\n/b.flac\nc.flac\n/d.flac\nfile:///e.flac\n".utf8)
        for _ in 0..<64 {
            #expect(PlaylistStyle.of(bytes, isM3U8: true).pathForm == .absolute)
        }
        let other = Array("/b.flac\na.flac\n/d.flac\nc.flac\nfile:///e.flac\n".utf8)
        for _ in 0..<64 {
            #expect(PlaylistStyle.of(other, isM3U8: true).pathForm == .relative)
        }
    }

    @Test func everyLineWrittenReadsBackAsMeant() {
        let names: [[UInt8]] = [
            Array("Plain/01.flac".utf8), Array("#1 Hits/01.flac".utf8), Array("  lead/01.flac".utf8),
            Array("trail /01.flac ".utf8), Array("a\nb/01.flac".utf8), Array("a\rb/01.flac".utf8),
            Array("Björk/坂本/01.flac".utf8), Array("Caf".utf8) + [0xE9] + Array("/01.flac".utf8),
            Array("C:/01.flac".utf8), Array("50%/%E9.flac".utf8), Array("back\\slash/01.flac".utf8),
            Array("Crème/01.flac".utf8),
        ]
        let files: [[UInt8]?] = [
            nil, Array("A/01.flac\n".utf8), Array("/music/A/01.flac\r\n".utf8),
            Array("file:///x.flac\n".utf8),
            Array("A/01.mp3\n".utf8) + [0xE9, 0x0A], Array("../A/01.flac\n".utf8),
        ]
        for folder in ["/music", "/music/Playlists", "/elsewhere"] {
            for name in ["CDs.m3u8", "CDs.m3u"] {
                let playlist = RawPath(folder + "/" + name)
                for file in files {
                    for bytes in names {
                        let path = RawPath(bytes: Array("/music/".utf8) + bytes)
                        let new = PlaylistEdit.NewEntry(path: path, artist: "a", title: "b", duration: 1)
                        let written = PlaylistEdit.appending(
                            new, to: file, playlist: playlist, library: library)
                        let before = file.map { paths($0, playlist: playlist) } ?? []
                        #expect(
                            paths(written, playlist: playlist) == before + [path],
                            "\(playlist) \(path.display.debugDescription)")
                    }
                }
            }
        }
    }
}
