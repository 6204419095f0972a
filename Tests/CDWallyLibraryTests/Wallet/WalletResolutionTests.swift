import CDWallyCore
import CDWallyLibrary
import Foundation
import TestSupport
import Testing

/// docs/PRODUCT.md §2–§4 on real files: TagLib reads them, SQLite indexes them, the playlist
/// resolves against the disk.
@Suite struct WalletResolutionTests {
    private func titles(_ report: WalletReport) -> [String] { report.wallet.discs.map(\.title) }

    @Test func anyTrackMeansItsWholeAlbumInPlayOrder() throws {
        let library = try TestLibrary()
        try library.addAlbum("Ada/Engines", artist: "Ada", album: "Engines", tracks: 3)
        try library.playlist("#EXTM3U\nAda/Engines/02 Engines 2.flac\n")
        let report = try library.wallet()
        #expect(titles(report) == ["Engines"])
        #expect(report.wallet.discs[0].tracks.map(\.title) == ["Engines 1", "Engines 2", "Engines 3"])
        #expect(report.wallet.discs[0].tracks.map(\.track) == [1, 2, 3])
        #expect(
            report.wallet.discs[0].tracks[0].path == RawPath(library.root + "/Ada/Engines/01 Engines 1.flac"))
    }

    @Test func multiDiscFromTagsAndFromCDFolders() throws {
        let library = try TestLibrary()
        for (disc, number) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
            try library.add(
                "Tagged/d\(disc)t\(number).mp3", template: "id3v24.mp3",
                tags: [
                    "TITLE": "T\(disc)-\(number)", "ARTIST": "M", "ALBUM": "Tagged",
                    "DISCNUMBER": "\(disc)/2",
                    "TRACKNUMBER": "\(number)",
                ])
        }
        try library.add("Folders/CD2/01 Two.flac", tags: ["ARTIST": "F", "ALBUM": "Folders"])
        try library.add("Folders/CD1/02 One b.flac", tags: ["ARTIST": "F", "ALBUM": "Folders"])
        try library.add("Folders/CD1/01 One a.flac", tags: ["ARTIST": "F", "ALBUM": "Folders"])
        try library.playlist("Tagged/d2t1.mp3\nFolders/CD1/01 One a.flac\n")
        let report = try library.wallet()
        let tagged = try #require(report.wallet.discs.first { $0.title == "Tagged" })
        #expect(tagged.tracks.map(\.title) == ["T1-1", "T1-2", "T2-1", "T2-2"])
        #expect(tagged.discCount == 2)
        let folders = try #require(report.wallet.discs.first { $0.title == "Folders" })
        // The entry named CD1, yet the sibling CD2 folder was indexed and joined the album.
        #expect(folders.tracks.map(\.title) == ["01 One a", "02 One b", "01 Two"])
        #expect(folders.tracks.map(\.disc) == [1, 1, 2])
        #expect(folders.discCount == 2)
    }

    @Test func compilationsAreOneAlbum() throws {
        let library = try TestLibrary()
        for number in 1...3 {
            try library.add(
                "Hits/\(number).flac",
                tags: [
                    "ARTIST": "Singer \(number)", "ALBUM": "Hits", "ALBUMARTIST": "DJ Mix",
                    "TRACKNUMBER": "\(number)",
                ])
            try library.add(
                "Various/\(number).mp3", template: "id3v23.mp3",
                tags: [
                    "ARTIST": "Band \(number)", "ALBUM": "Summer", "COMPILATION": "1",
                    "TRACKNUMBER": "\(number)",
                ])
        }
        try library.playlist("Hits/2.flac\nVarious/3.mp3\n")
        let report = try library.wallet()
        #expect(report.wallet.discs.map(\.trackCount) == [3, 3])
        #expect(report.wallet.discs.map(\.albumArtist) == ["DJ Mix", "Various Artists"])
    }

    @Test func namesakesStayApartAndEditionsMerge() throws {
        let library = try TestLibrary()
        try library.addAlbum("A/Greatest Hits", artist: "A", album: "Greatest Hits")
        try library.addAlbum("B/Greatest Hits", artist: "B", album: "Greatest Hits")
        try library.addAlbum("Weezer/1994", artist: "Weezer", album: "Weezer", extraTags: ["DATE": "1994"])
        try library.addAlbum("Weezer/2001", artist: "Weezer", album: "Weezer", extraTags: ["DATE": "2001"])
        try library.addAlbum("C/X", artist: "C", album: "X", extraTags: ["DATE": "1990"])
        try library.addAlbum(
            "C/X Deluxe", artist: "C", album: "X (Deluxe Edition)", extraTags: ["DATE": "2010"])
        try library.addAlbum(
            "C/X Remaster", artist: "C", album: "X [Remastered]", extraTags: ["DATE": "2015"])
        try library.playlist(
            """
            A/Greatest Hits/01 Greatest Hits 1.flac
            B/Greatest Hits/02 Greatest Hits 2.flac
            Weezer/2001/01 Weezer 1.flac
            Weezer/1994/02 Weezer 2.flac
            C/X Deluxe/01 X (Deluxe Edition) 1.flac
            C/X/01 X 1.flac
            C/X Remaster/02 X [Remastered] 2.flac
            A/Greatest Hits/02 Greatest Hits 2.flac
            """)
        let report = try library.wallet()
        #expect(
            titles(report) == ["Greatest Hits", "Greatest Hits", "X (Deluxe Edition)", "Weezer", "Weezer"])
        #expect(report.wallet.discs.map(\.albumArtist) == ["A", "B", "C", "Weezer", "Weezer"])
        #expect(report.wallet.discs.suffix(2).map(\.year) == [1994, 2001])
        #expect(report.wallet.discs[2].date == "2010")
        #expect(report.entries.merged == 3)
        #expect(report.entries.resolved == 8)
    }

    @Test func missingFilesAreFoundByExtinfThenByFileName() throws {
        let library = try TestLibrary()
        try library.addAlbum("Now/Here", artist: "Sigur Rós", album: "Ágætis byrjun")
        try library.addAlbum("Else/Where", artist: "Other", album: "Moved")
        try library.playlist(
            """
            #EXTM3U
            #EXTINF:300,SIGUR ROS - agætis byrjun 2!
            Old/Place/gone.flac
            #EXTINF:10,Nobody - Nothing
            C:\\Users\\me\\Music\\Other\\Moved\\02 Moved 2.flac
            #EXTINF:10,Nobody - Nothing
            lost/forever.flac
            """)
        let report = try library.wallet()
        #expect(titles(report).sorted() == ["Moved", "Ágætis byrjun"])
        #expect(report.entries.resolvedByTags == 2)
        #expect(report.entries.unavailable.map(\.line) == [7])
        #expect(report.entries.unavailable.first?.entry == "lost/forever.flac")
    }

    @Test func playlistSyntaxVariants() throws {
        let library = try TestLibrary()
        try library.addAlbum("Café/Été", artist: "Zoé", album: "Été")
        try library.addAlbum("Back/Slash", artist: "Y", album: "Slash")
        try library.addAlbum("Uri/Album", artist: "U", album: "Uri")
        try library.addAlbum("Dir/Entry/CD1", artist: "D", album: "Dir")
        try library.addAlbum("Dir/Entry/CD2", artist: "D", album: "Dir")
        // Windows-1252 bytes for "Café/Été/01 Été 1.flac", CRLF line ends, a UTF-8 BOM is absent on purpose.
        // One part a line: Swift 6.2's type checker gives up on the long `+` chains.
        let parts: [[UInt8]] = [
            Array("#EXTM3U\r\n".utf8),
            Array("Caf".utf8), [0xE9], Array("/".utf8), [0xC9], Array("t".utf8), [0xE9],
            Array("/01 ".utf8), [0xC9], Array("t".utf8), [0xE9], Array(" 1.flac\r\n".utf8),
            Array("Back\\Slash\\01 Slash 1.flac\r\n".utf8),
        ]
        let latin1 = parts.flatMap { $0 }
        try library.write("CDs.m3u", latin1)
        let fromLatin1 = try library.wallet()
        #expect(titles(fromLatin1) == ["Slash", "Été"])
        #expect(fromLatin1.encoding == .windows1252)

        let uri =
            "file://" + library.root.replacingOccurrences(of: " ", with: "%20")
            + "/Uri/Album/01%20Uri%201.flac"
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        try library.write(
            "lists/CDs.m3u8",
            bom + Array("#EXTM3U\r\n\(uri)\r\n../Dir/Entry\r\nhttp://radio.example/live\r\n".utf8))
        let fromURI = try library.wallet(playlist: library.root + "/lists/CDs.m3u8")
        #expect(titles(fromURI) == ["Dir", "Uri"])
        #expect(fromURI.wallet.discs[0].trackCount == 4)
        #expect(fromURI.wallet.discs[0].discCount == 2)
        #expect(fromURI.entries.streams == 1)
        #expect(fromURI.entries.total == 3)
        #expect(fromURI.entries.unavailable.isEmpty)
    }

    @Test func walletOrderOnRealTags() throws {
        let library = try TestLibrary()
        try library.addAlbum("1", artist: "The Zombies", album: "Odessey", extraTags: ["DATE": "1968"])
        try library.addAlbum("2", artist: "Zappa", album: "Apostrophe", extraTags: ["DATE": "1974"])
        try library.addAlbum("3", artist: "björk", album: "Post", extraTags: ["DATE": "1995"])
        try library.addAlbum(
            "4", artist: "Björk", album: "Debut", extraTags: ["ORIGINALDATE": "1993-07-05", "DATE": "2005"])
        try library.addAlbum("5", artist: "Björk", album: "Undated")
        try library.addAlbum(
            "6", artist: "Bjork", album: "Copyrighted", extraTags: ["COPYRIGHT": "℗ 1997 One Little Indian"])
        try library.addAlbum(
            "7", artist: "Aretha", album: "Filed Under Z", extraTags: ["ALBUMARTISTSORT": "Zz Top Sort"])
        try library.addAlbum(
            "8", artist: "A Tribe Called Quest", album: "Low End", extraTags: ["DATE": "1991"])
        try library.playlist((1...8).map { "\($0)/" }.joined(separator: "\n"))
        let report = try library.wallet()
        #expect(
            titles(report) == [
                "Debut", "Post", "Copyrighted", "Undated", "Low End", "Apostrophe", "Odessey",
                "Filed Under Z",
            ])
        #expect(try library.wallet().wallet.discs.map(\.id) == report.wallet.discs.map(\.id))
    }

    @Test func capacityAndEmptyWallets() throws {
        let library = try TestLibrary()
        for number in 1...4 { try library.addAlbum("\(number)", artist: "Artist \(number)", album: "Album") }
        try library.playlist((1...4).map { "\($0)/" }.joined(separator: "\n"))
        let limited = try library.wallet(capacity: 3)
        #expect(limited.wallet.discs.map(\.albumArtist) == ["Artist 1", "Artist 2", "Artist 3"])
        #expect(limited.wallet.hidden == 1)
        #expect(try library.wallet(capacity: 0).wallet.discs.count == 4)

        try library.playlist("#EXTM3U\nhttp://radio.example/a\nnowhere.flac\n")
        let empty = try library.wallet()
        #expect(empty.wallet.discs.isEmpty)
        #expect(empty.entries.total == 2)
        #expect(empty.entries.streams == 1)
        #expect(empty.entries.unavailable.count == 1)
    }

    @Test func playlistSelectionNewestThenMostResolvableThenByteOrder() throws {
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        try library.addAlbum("B", artist: "B", album: "B")
        try library.playlist("../A/\n", name: "x/CDs.m3u8")
        try library.playlist("../A/\n../B/\n", name: "y/cds.M3U")
        try library.playlist("../B/\n", name: "z/CDS.m3u8")
        try library.playlist("../A/\n", name: "z/not-the-wallet.m3u8")
        try library.setModified("x/CDs.m3u8", secondsSince1970: 2_000_000_000)
        try library.setModified("y/cds.M3U", secondsSince1970: 1_000_000_000)
        try library.setModified("z/CDS.m3u8", secondsSince1970: 1_000_000_000)
        let newest = try library.wallet()
        #expect(newest.choice.chosen == RawPath(library.root + "/x/CDs.m3u8"))
        #expect(newest.choice.candidates.count == 3)
        #expect(newest.choice.reason.contains("most recently modified"))

        try library.setModified("x/CDs.m3u8", secondsSince1970: 1_000_000_000)
        let moreResolvable = try library.wallet()
        #expect(moreResolvable.choice.chosen == RawPath(library.root + "/y/cds.M3U"))
        #expect(moreResolvable.choice.reason.contains("most resolvable entries (2)"))

        try library.playlist("../A/\n../B/\n", name: "x/CDs.m3u8")
        try library.setModified("x/CDs.m3u8", secondsSince1970: 1_000_000_000)
        let byteOrder = try library.wallet()
        #expect(byteOrder.choice.chosen == RawPath(library.root + "/x/CDs.m3u8"))
        #expect(byteOrder.choice.reason.contains("byte order"))

        let given = try library.wallet(playlist: library.root + "/z/not-the-wallet.m3u8")
        #expect(given.choice.chosen == RawPath(library.root + "/z/not-the-wallet.m3u8"))
        #expect(titles(given) == ["A"])
    }

    @Test func untaggedFilesMakeAnAlbumOfTheirFolderAndCompilationsSortUnderV() throws {
        let library = try TestLibrary()
        let folder = library.root + "/Found Sounds/Tape 3"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["02 Hiss.mp3", "01 Hum.mp3", "Outro.mp3"] {
            try FileManager.default.copyItem(
                atPath: TestLibrary.fixtures + "/untagged.mp3", toPath: folder + "/" + name)
        }
        try library.addAlbum("Comp", artist: "Mixed", album: "Summer Hits", extraTags: ["COMPILATION": "1"])
        try library.addAlbum("Ume", artist: "Ume", album: "Day")
        try library.addAlbum("Wim", artist: "Wim", album: "Night")
        try library.playlist("Found Sounds/Tape 3/Outro.mp3\nComp/\nUme/\nWim/\n")
        let report = try library.wallet()
        // A compilation with no album artist files under V, between U and W.
        #expect(
            report.wallet.discs.map(\.albumArtist) == ["Ume", "Unknown Artist", "Various Artists", "Wim"])
        let tape = try #require(report.wallet.discs.first { $0.title == "Tape 3" })
        // Numbered names first, in number order, then the rest; the titles are the names.
        #expect(tape.tracks.map(\.title) == ["01 Hum", "02 Hiss", "Outro"])
        #expect(tape.tracks.map(\.track) == [1, 2, nil])
        let summer = try #require(report.wallet.discs.first { $0.title == "Summer Hits" })
        #expect(summer.albumArtist == "Various Artists")
    }
}
