import CDWallyCore
import CDWallyLibrary
import Foundation
import TestSupport
import Testing

/// The shapes real collections have (docs/PRODUCT.md §2–§4, §8), on files tagged by a real
/// tagger (metaflac): each wallet is checked from a cold index and again after a full scan,
/// which must not change it.
@Suite struct RealLibraryShapesTests {
    /// What must not change with a scan: ids, album artists, titles and each disc's tracks.
    private func shape(_ report: WalletReport) -> [String] {
        report.wallet.discs.map { disc in
            "\(disc.id) \(disc.albumArtist) | \(disc.title) | "
                + disc.tracks.map { "\($0.disc).\($0.track ?? 0) \($0.path.display)" }.joined(
                    separator: " ; ")
        }
    }

    /// The wallet from a cold index, then after `scan`, expected to be the same.
    private func walletAcrossScan(_ library: TestLibrary) throws -> WalletReport {
        let cold = try library.wallet()
        _ = try library.service().scan()
        let scanned = try library.wallet()
        #expect(shape(cold) == shape(scanned))
        return scanned
    }

    private func folders(_ album: Album) -> Set<String> {
        Set(album.tracks.map { $0.path.parent.lastComponent.display })
    }

    @Test func featuredCreditsAndRippedCompilationsAreOneAlbum() throws {
        let library = try TestLibrary()
        let credits = [
            "Daft Punk", "Daft Punk feat. Pharrell Williams & Nile Rodgers",
            "Daft Punk ft. Julian Casablancas",
        ]
        try library.addAlbum(
            "Daft Punk/RAM", album: "Random Access Memories", artists: credits, tagger: .metaflac)
        try library.addAlbum(
            "Rips/Now 1", album: "Now 1", artists: (1...3).map { "Singer \($0)" }, tagger: .metaflac)
        try library.playlist("Daft Punk/RAM/02 Random Access Memories 2.flac\nRips/Now 1/03 Now 1 3.flac\n")
        let report = try walletAcrossScan(library)
        #expect(report.wallet.discs.map(\.albumArtist) == ["Daft Punk", "Various Artists"])
        #expect(report.wallet.discs.map(\.trackCount) == [3, 3])
        // The id is the one the album had when all its tracks were Daft Punk's alone.
        #expect(
            report.wallet.discs[0].id
                == AlbumID(
                    identityKey: "album\u{1F}daft punk\u{1F}random access memories", folder: "Daft Punk/RAM"))
        #expect(report.wallet.discs[0].tracks[1].artist == credits[1])
    }

    @Test func copiesInTheirOwnFoldersStayApart() throws {
        let library = try TestLibrary()
        try library.addAlbum("FLAC/Blur/Blur", artist: "Blur", album: "Blur", tracks: 3, tagger: .metaflac)
        try library.addAlbum(
            "MP3/Blur/Blur", artist: "Blur", album: "Blur", tracks: 3, template: "id3v24.mp3")
        for colour in ["Teal", "Black"] {
            try library.addAlbum(
                "Weezer/\(colour)", artist: "Weezer", album: "Weezer", tracks: 2, extraTags: ["DATE": "2019"],
                tagger: .metaflac)
        }
        try library.playlist("FLAC/Blur/Blur/02 Blur 2.flac\nWeezer/Teal/\nWeezer/Black/01 Weezer 1.flac\n")
        let report = try walletAcrossScan(library)
        let blur = try #require(report.wallet.discs.first { $0.albumArtist == "Blur" })
        #expect(blur.trackCount == 3)
        #expect(blur.tracks.allSatisfy { $0.path.display.contains("/FLAC/") })
        let weezers = report.wallet.discs.filter { $0.albumArtist == "Weezer" }
        #expect(weezers.map(\.trackCount) == [2, 2])
        #expect(Set(weezers.map(folders)) == [["Teal"], ["Black"]])
        #expect(Set(weezers.map(\.id)).count == 2)
    }

    @Test func siblingDiscFoldersAndDiscMarkersMakeOneAlbumFromTheFirstCommand() throws {
        let library = try TestLibrary()
        for (folder, disc) in [("Disc One", 1), ("Disc Two", 2)] {
            try library.addAlbum(
                "Floyd/Animals/\(folder)", artist: "Pink Floyd", album: "Animals", tagger: .metaflac)
            try library.addAlbum(
                "Zep/Physical/\(disc == 1 ? "Left" : "Right")", artist: "Led Zeppelin",
                album: "Physical Graffiti",
                extraTags: ["DISCNUMBER": "\(disc)/2"], tagger: .metaflac)
            // CDDB-era rips, directly under the library root.
            try library.addAlbum(
                "The Wall (Disc \(disc))", artist: "Pink Floyd", album: "The Wall (Disc \(disc))",
                tagger: .metaflac)
        }
        try library.playlist(
            """
            Floyd/Animals/Disc Two/01 Animals 1.flac
            Zep/Physical/Left/02 Physical Graffiti 2.flac
            The Wall (Disc 1)/01 The Wall (Disc 1) 1.flac
            """)
        let report = try walletAcrossScan(library)
        #expect(report.wallet.discs.map(\.title) == ["Physical Graffiti", "Animals", "The Wall"])
        for disc in report.wallet.discs {
            #expect(disc.tracks.map(\.disc) == [1, 1, 2, 2])
            #expect(disc.tracks.map(\.track) == [1, 2, 1, 2])
        }
    }

    @Test func missingFilesResolveByCaseByFolderByTagsAndByNameOnlyWhereTheFoldersAgree() throws {
        let library = try TestLibrary()
        // Folder, file name, title, artist, album, track number.
        let songs = [
            ("Air/Moon Safari", "02 Sexy Boy", "Sexy Boy", "Air", "Moon Safari", 2),
            ("Moby/Play", "01 Intro", "Intro", "Moby", "Play", 1),
            ("Blur/Blur", "02 Song 2", "Song 2", "Blur", "Blur", 2),
            ("Pumpkins/Siamese", "03 Today", "Today", "The Smashing Pumpkins", "Siamese Dream", 3),
        ]
        for (folder, name, title, artist, album, track) in songs {
            try library.add(
                "\(folder)/\(name).flac",
                tags: ["TITLE": title, "ARTIST": artist, "ALBUM": album, "TRACKNUMBER": "\(track)"],
                tagger: .metaflac)
        }
        try library.addAlbum("Blur/Parklife", artist: "Blur", album: "Parklife", tracks: 3, tagger: .metaflac)
        try library.playlist(
            """
            #EXTM3U
            air/MOON SAFARI/02 sexy boy.flac
            #EXTINF:100,Intro
            Air/Premiers Symptomes/01 Intro.flac
            Blur/Parklife/02 Parklife 2.flac
            #EXTINF:200,Today - The Smashing Pumpkins
            /Users/me/Music/iTunes/iTunes Media/Music/Pumps/SD/1-03 Today.m4a
            /Users/me/Music/iTunes/iTunes Media/Music/Blur/Blur/1-02 Song 2.m4a
            AIR\\moon safari\\02 SEXY BOY.flac
            """)
        let parklife = try #require(try library.wallet().wallet.discs.first { $0.title == "Parklife" })
        try FileManager.default.removeItem(atPath: library.root + "/Blur/Parklife/02 Parklife 2.flac")
        let report = try walletAcrossScan(library)
        #expect(report.wallet.discs.map(\.title) == ["Moon Safari", "Blur", "Parklife", "Siamese Dream"])
        // The disc whose listed file is gone keeps its id, and with it its resume point.
        #expect(report.wallet.discs.first { $0.title == "Parklife" }?.id == parklife.id)
        #expect(report.entries.unavailable.map(\.line) == [4])
        #expect(
            report.entries.unavailable.first?.reason.contains("not in a folder named like its album") == true)
        let routes = report.entries.rerouted.map { "\($0.line) \($0.route)" }
        let root = library.root
        #expect(
            routes == [
                "2 by path ignoring case: \(root)/Air/Moon Safari/02 Sexy Boy.flac",
                "5 by folder: \(root)/Blur/Parklife",
                "7 by tags: \(root)/Pumpkins/Siamese/03 Today.flac",
                "8 by name in folder \(root)/Blur/Blur",
                "9 by path ignoring case: \(root)/Air/Moon Safari/02 Sexy Boy.flac",
            ])
        #expect(report.entries.resolvedByTags == 2)
    }

    /// Folders whose tracks complement each other (no (disc, track) twice, one format, one
    /// year) are one album spread over them; folders that repeat the numbers are copies.
    @Test func anAlbumSpreadOverTwoSiblingFoldersIsOneDisc() throws {
        let library = try TestLibrary()
        for (folder, number) in [("Spread/Part A", 1), ("Spread/Part B", 2)] {
            try library.add(
                "\(folder)/0\(number) Spread \(number).flac",
                tags: [
                    "TITLE": "Spread \(number)", "ARTIST": "Spreader", "ALBUM": "Spread Album",
                    "DATE": "2001",
                    "TRACKNUMBER": "\(number)",
                ],
                tagger: .metaflac)
        }
        // Same album, artist and year, numbered alike: two copies, not one album.
        for folder in ["Twice/One", "Twice/Two"] {
            try library.add(
                "\(folder)/01 Twice.flac",
                tags: [
                    "TITLE": "Twice", "ARTIST": "Twin", "ALBUM": "Twice", "DATE": "2001", "TRACKNUMBER": "1",
                ],
                tagger: .metaflac)
        }
        try library.playlist("Spread/\nTwice/One/01 Twice.flac\nTwice/Two/01 Twice.flac\n")
        let report = try walletAcrossScan(library)
        #expect(report.wallet.discs.map(\.title) == ["Spread Album", "Twice", "Twice"])
        #expect(report.wallet.discs.first?.trackCount == 2)
        #expect(Set(report.wallet.discs.dropFirst().map(\.id)).count == 2)
    }

    /// A `file://` URI from another machine names its folders percent-encoded: they are
    /// compared decoded, so `Pink%20Floyd/The%20Wall` agrees with the tags as a plain path does.
    @Test func aFileURIFromAnotherMachineResolvesAsItsPlainPathDoes() throws {
        let library = try TestLibrary()
        try library.add(
            "Floyd/Wall/2-01 Hey You.flac",
            tags: [
                "TITLE": "Hey You", "ARTIST": "Pink Floyd", "ALBUM": "The Wall", "TRACKNUMBER": "1",
                "DISCNUMBER": "2",
            ],
            tagger: .metaflac)
        try library.playlist("file:///home/bob/Music/Pink%20Floyd/The%20Wall/2-01%20Hey%20You.ogg\n")
        let uri = try library.wallet()
        try library.playlist("/home/bob/Music/Pink Floyd/The Wall/2-01 Hey You.ogg\n")
        let plain = try library.wallet()
        #expect(plain.wallet.discs.map(\.title) == ["The Wall"], "\(plain.entries.unavailable)")
        #expect(uri.wallet.discs.map(\.title) == ["The Wall"], "\(uri.entries.unavailable.map(\.reason))")
        #expect(uri.entries.unavailable.isEmpty)
    }

    @Test func differentRecordingsAreNotEditions() throws {
        let library = try TestLibrary()
        for (year, date) in [(1955, "1956"), (1981, "1982")] {
            try library.addAlbum(
                "Gould/\(year)", artist: "Glenn Gould", album: "Goldberg Variations (\(year) version)",
                extraTags: ["DATE": date], tagger: .metaflac)
        }
        try library.addAlbum(
            "Nirvana/Deluxe", artist: "Nirvana", album: "Nevermind (Deluxe Edition)",
            extraTags: ["DATE": "2011"], tagger: .metaflac)
        try library.addAlbum(
            "Nirvana/Remaster", artist: "Nirvana", album: "Nevermind [Remastered]",
            extraTags: ["DATE": "2011"], tagger: .metaflac)
        try library.playlist("Gould/1981/\nGould/1955/\nNirvana/Deluxe/\nNirvana/Remaster/\n")
        let report = try walletAcrossScan(library)
        #expect(
            report.wallet.discs.map(\.title) == [
                "Goldberg Variations (1955 version)", "Goldberg Variations (1981 version)",
                "Nevermind (Deluxe Edition)",
            ])
        #expect(report.entries.merged == 1)
    }

    @Test func oneSortKeyPerAlbumArtist() throws {
        let library = try TestLibrary()
        try library.addAlbum(
            "Beatles/Abbey Road", artist: "The Beatles", album: "Abbey Road",
            extraTags: ["DATE": "1969", "ALBUMARTIST": "The Beatles", "ALBUMARTISTSORT": "Beatles, The"],
            tagger: .metaflac)
        try library.addAlbum(
            "Beatles/Let It Be", artist: "The Beatles", album: "Let It Be",
            extraTags: ["DATE": "1970", "ALBUMARTIST": "The Beatles"], tagger: .metaflac)
        try library.addAlbum(
            "Revival/Help", artist: "Beatles Revival Band", album: "Help Again", tagger: .metaflac)
        try library.playlist("Beatles/Let It Be/\nRevival/\nBeatles/Abbey Road/\n")
        let report = try walletAcrossScan(library)
        #expect(report.wallet.discs.map(\.title) == ["Help Again", "Abbey Road", "Let It Be"])
    }

    @Test func aFolderReachedThroughASymbolicLinkIsTheSameAlbumBeforeAndAfterAScan() throws {
        let library = try TestLibrary()
        try library.addAlbum(
            "Real/Massive Attack/Mezzanine", artist: "Massive Attack", album: "Mezzanine", tagger: .metaflac)
        for link in ["Alinks", "Zlinks"] {
            try FileManager.default.createDirectory(
                atPath: library.root + "/" + link, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: library.root + "/\(link)/Mezzanine",
                withDestinationPath: "../Real/Massive Attack/Mezzanine")
        }
        try library.playlist("Zlinks/Mezzanine/01 Mezzanine 1.flac\nAlinks/Mezzanine/\n")
        let report = try walletAcrossScan(library)
        #expect(report.wallet.discs.count == 1)
        #expect(report.wallet.discs[0].tracks.allSatisfy { $0.path.display.contains("/Real/") })
        let doctor = try library.wallet(wholeTree: true)
        #expect(doctor.entries.unavailable.isEmpty)
        #expect(shape(doctor) == shape(report))
    }
}
