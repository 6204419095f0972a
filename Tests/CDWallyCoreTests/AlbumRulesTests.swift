import Testing

@testable import CDWallyCore

/// The album and wallet rules of docs/PRODUCT.md §3–§4 on synthetic tag records. The same rules
/// are exercised on real files through TagLib and SQLite in CDWallyLibraryTests.
@Suite struct AlbumRulesTests {
    private func file(_ path: String, _ tags: TrackTags) -> TrackFile {
        TrackFile(path: RawPath(path), tags: tags)
    }

    private func album(_ artist: String, _ title: String, date: String? = nil, sort: String? = nil) -> Album {
        Album(
            id: AlbumID(identityKey: artist + title + (date ?? "")), albumArtist: artist,
            albumArtistSort: sort,
            title: title, date: date, year: TagNumber.year(in: date), tracks: [], directories: [])
    }

    @Test func multiDiscFromTagsAndFromFolders() {
        let tagged = [
            file(
                "/m/A/02.flac", TrackTags(title: "b", artist: "A", album: "X", trackNumber: 1, discNumber: 2)),
            file(
                "/m/A/01.flac", TrackTags(title: "a", artist: "A", album: "X", trackNumber: 1, discNumber: 1)),
        ]
        let folders = [
            file("/m/B/CD2/01 First of two.flac", TrackTags(artist: "B", album: "Y")),
            file("/m/B/CD1/02 Second.flac", TrackTags(artist: "B", album: "Y")),
            file("/m/B/CD1/01 First.flac", TrackTags(artist: "B", album: "Y")),
        ]
        let albums = AlbumGrouper.albums(from: tagged + folders)
        #expect(albums.count == 2)
        let x = albums.first { $0.title == "X" }!
        #expect(x.tracks.map(\.title) == ["a", "b"])
        #expect(x.discCount == 2)
        let y = albums.first { $0.title == "Y" }!
        #expect(y.tracks.map(\.title) == ["01 First", "02 Second", "01 First of two"])
        #expect(y.tracks.map(\.disc) == [1, 1, 2])
    }

    @Test func tagsWinOverFolderAndFileName() {
        let albums = AlbumGrouper.albums(from: [
            file(
                "/m/A/CD1/05 x.flac",
                TrackTags(title: "t", artist: "A", album: "X", trackNumber: 2, discNumber: 3))
        ])
        #expect(albums[0].tracks[0].disc == 3)
        #expect(albums[0].tracks[0].track == 2)
    }

    @Test func unnumberedTracksFollowNumberedOnesInNaturalOrder() {
        let albums = AlbumGrouper.albums(from: [
            file("/m/A/b10.flac", TrackTags(artist: "A", album: "X")),
            file("/m/A/b9.flac", TrackTags(artist: "A", album: "X")),
            file("/m/A/z.flac", TrackTags(artist: "A", album: "X", trackNumber: 1)),
        ])
        #expect(albums[0].tracks.map(\.title) == ["z", "b9", "b10"])
    }

    @Test func compilationsAndAlbumArtists() {
        let byAlbumArtist = (1...3).map { (number: Int) in
            file(
                "/m/C/\(number).flac",
                TrackTags(artist: "Artist \(number)", album: "Hits", albumArtist: "DJ", trackNumber: number))
        }
        let flagged = (1...2).map { (number: Int) in
            file(
                "/m/V/\(number).flac",
                TrackTags(artist: "P\(number)", album: "Mix", trackNumber: number, isCompilation: true))
        }
        let albums = AlbumGrouper.albums(from: byAlbumArtist + flagged)
        #expect(albums.count == 2)
        #expect(albums.first { $0.title == "Hits" }?.albumArtist == "DJ")
        #expect(albums.first { $0.title == "Mix" }?.albumArtist == "Various Artists")
        #expect(albums.first { $0.title == "Mix" }?.trackCount == 2)
    }

    @Test func sameTitleDifferentArtistsAndWeezerYears() {
        let albums = AlbumGrouper.albums(from: [
            file("/m/A/1.flac", TrackTags(artist: "A", album: "Greatest Hits")),
            file("/m/B/1.flac", TrackTags(artist: "B", album: "Greatest Hits")),
            file("/m/W1/1.flac", TrackTags(artist: "Weezer", album: "Weezer", date: "1994")),
            file("/m/W2/1.flac", TrackTags(artist: "Weezer", album: "Weezer", date: "2001")),
            file("/m/W1/2.flac", TrackTags(artist: "weezer", album: "WEEZER", date: "1994")),
        ])
        #expect(albums.count == 4)
        let weezers = albums.filter { $0.albumArtist.lowercased() == "weezer" }
        #expect(Set(weezers.map(\.year)) == [1994, 2001])
        #expect(weezers.first { $0.year == 1994 }?.trackCount == 2)
        // Each copy's id is its identity and its own folder: neither depends on the other.
        #expect(Set(weezers.map(\.id)).count == 2)
        let wallet = WalletBuilder.build(picks: weezers.reversed().map { [$0] }, capacity: 0).wallet
        #expect(wallet.discs.map(\.year) == [1994, 2001])
        #expect(wallet.discs[0].id == AlbumID(identityKey: "album\u{1F}weezer\u{1F}weezer", folder: "/m/W1"))
        #expect(wallet.discs[1].id == AlbumID(identityKey: "album\u{1F}weezer\u{1F}weezer", folder: "/m/W2"))
        let alone = AlbumGrouper.albums(from: [
            file("/m/W1/1.flac", TrackTags(artist: "Weezer", album: "Weezer"))
        ])
        #expect(alone.map(\.id) == [wallet.discs[0].id])
    }

    @Test func musicBrainzIDWinsAndNoAlbumTagMeansFolder() {
        let albums = AlbumGrouper.albums(from: [
            file("/m/A/1.flac", TrackTags(artist: "A", album: "X", musicBrainzAlbumID: "ID-1")),
            file("/m/A/2.flac", TrackTags(artist: "Other", album: "Renamed", musicBrainzAlbumID: "id-1")),
            file("/m/Loose Tracks/CD1/a.flac", TrackTags(title: "a", artist: "Z")),
            file("/m/Loose Tracks/CD2/b.flac", TrackTags(title: "b", artist: "Z")),
        ])
        #expect(albums.count == 2)
        #expect(albums.first { $0.title == "X" }?.trackCount == 2)
        let loose = albums.first { $0.title == "Loose Tracks" }
        #expect(loose?.tracks.map(\.title) == ["a", "b"])
        #expect(loose?.albumArtist == "Z")
    }

    @Test func datesAndYears() {
        let albums = AlbumGrouper.albums(from: [
            file("/m/A/1.flac", TrackTags(artist: "A", album: "X", date: "2001", originalDate: "1983-05-01")),
            file("/m/B/1.flac", TrackTags(artist: "B", album: "Y", copyright: "℗ 1977 Warner")),
        ])
        let x = albums.first { $0.title == "X" }!
        #expect(x.date == "1983-05-01")
        #expect(x.year == 1983)
        let y = albums.first { $0.title == "Y" }!
        #expect(y.date == nil)
        #expect(y.year == 1977)
    }

    @Test func idsSurviveRegrouping() {
        let files = [file("/m/A/1.flac", TrackTags(artist: "A", album: "X"))]
        #expect(AlbumGrouper.albums(from: files)[0].id == AlbumGrouper.albums(from: files)[0].id)
    }

    @Test func walletSortsByArtistKeyThenDateThenTitle() {
        let albums = [
            album("The Zombies", "Odessey", date: "1968"),
            album("Zappa", "Apostrophe", date: "1974"),
            album("Björk", "Post", date: "1995"),
            album("björk", "Debut", date: "1993"),
            album("Björk", "Undated"),
            album("Aretha", "Sorted Under Z", sort: "Zzz"),
            album("A Tribe Called Quest", "Low End", date: "1991"),
            album("Björk", "Homogenic", date: "1997-09-22"),
            album("Björk", "Vespertine", date: "1997"),
        ]
        let order = WalletBuilder.build(picks: albums.map { [$0] }, capacity: 0).wallet.discs.map(\.title)
        #expect(
            order == [
                "Debut", "Post", "Vespertine", "Homogenic", "Undated", "Low End", "Apostrophe", "Odessey",
                "Sorted Under Z",
            ])
    }

    @Test func editionsAndRepeatsMergeIntoTheFirstOccurrence() {
        let plain = album("A", "X", date: "1990")
        let deluxe = album("A", "X (Deluxe Edition)", date: "2010")
        let remaster = album("A", "X [Remastered]", date: "2015")
        let otherArtist = album("B", "X (Deluxe)")
        let weezer1 = album("Weezer", "Weezer", date: "1994")
        let weezer2 = album("Weezer", "Weezer", date: "2001")
        let result = WalletBuilder.build(
            picks: [[deluxe], [plain], [remaster], [deluxe], [otherArtist], [weezer1], [weezer2]], capacity: 0
        )
        #expect(
            result.wallet.discs.map(\.title).sorted() == [
                "Weezer", "Weezer", "X (Deluxe Edition)", "X (Deluxe)",
            ])
        #expect(result.mergedPicks == [1, 2, 3])
        #expect(result.wallet.discs.first { $0.albumArtist == "A" }?.date == "2010")
    }

    @Test func aFolderPickWithOneNewAlbumAddsItAndRepeatsAddNothing() {
        let first = album("A", "One")
        let second = album("B", "Two")
        let result = WalletBuilder.build(picks: [[first], [first, second], [second], [first]], capacity: 0)
        #expect(result.wallet.discs.map(\.title) == ["One", "Two"])
        #expect(result.mergedPicks == [2, 3])
    }

    @Test func capacityHidesDiscsPastTheFirstN() {
        let albums = (1...5).map { album("Artist \($0)", "T") }
        let limited = WalletBuilder.build(picks: albums.reversed().map { [$0] }, capacity: 3).wallet
        #expect(limited.discs.map(\.albumArtist) == ["Artist 1", "Artist 2", "Artist 3"])
        #expect(limited.total == 5)
        #expect(limited.hidden == 2)
        let unlimited = WalletBuilder.build(picks: albums.map { [$0] }, capacity: 0).wallet
        #expect(unlimited.discs.count == 5)
        #expect(unlimited.capacity == 0)
    }
}
