import Testing

@testable import CDWallyCore

/// The rules of docs/PRODUCT.md §3–§4 for the shapes real collections have, on synthetic tag
/// records; the same shapes on real tagged files are in RealLibraryShapesTests.
@Suite struct CollectionShapeRulesTests {
    private func file(_ path: String, _ tags: TrackTags) -> TrackFile {
        TrackFile(path: RawPath(path), tags: tags)
    }

    @Test func featuredCreditsAreSetAside() {
        #expect(ArtistCredit.main("Daft Punk feat. Pharrell Williams & Nile Rodgers") == "Daft Punk")
        #expect(ArtistCredit.main("Daft Punk FT. Julian Casablancas") == "Daft Punk")
        #expect(ArtistCredit.main("Santana featuring Rob Thomas") == "Santana")
        #expect(ArtistCredit.main("Jay-Z (feat. Alicia Keys)") == "Jay-Z")
        #expect(ArtistCredit.main("Simon & Garfunkel") == "Simon & Garfunkel")
        #expect(ArtistCredit.main("feat. Nobody") == "feat. Nobody")
    }

    @Test func discMarkersAndWordNumbers() {
        #expect(TrackPlacement.discNumber(folderName: "Disc One") == 1)
        #expect(TrackPlacement.discNumber(folderName: "disc two") == 2)
        #expect(TrackPlacement.discNumber(folderName: "Discotheque") == nil)
        #expect(TrackPlacement.discMarker(inTitle: "The Wall (Disc 1)")! == ("The Wall", 1))
        #expect(TrackPlacement.discMarker(inTitle: "Mellon Collie [CD2]")! == ("Mellon Collie", 2))
        #expect(TrackPlacement.discMarker(inTitle: "Live CD1")! == ("Live", 1))
        #expect(TrackPlacement.discMarker(inTitle: "Live - Disc Two")! == ("Live", 2))
        #expect(TrackPlacement.discMarker(inTitle: "Tommy (Disc 1 of 2)")! == ("Tommy", 1))
        #expect(TrackPlacement.discNumber(folderName: "CD1 of 2") == 1)
        #expect(TrackPlacement.discMarker(inTitle: "CD1") == nil)
        #expect(TrackPlacement.discMarker(inTitle: "Discovery") == nil)
        #expect(TrackPlacement.discMarker(inTitle: "Hits (Live)") == nil)
        #expect(TrackPlacement.name(fileStem: "1-02 Song 2") == "Song 2")
        #expect(TrackPlacement.name(fileStem: "2112") == "2112")
    }

    @Test func oneFolderOneTitleIsOneAlbum() {
        let albums = AlbumGrouper.albums(from: [
            file("/m/DP/1.flac", TrackTags(artist: "Daft Punk", album: "RAM", trackNumber: 1)),
            file(
                "/m/DP/2.flac",
                TrackTags(artist: "Daft Punk feat. Pharrell Williams", album: "RAM", trackNumber: 2)),
            file("/m/Now/1.flac", TrackTags(artist: "Singer", album: "Now", trackNumber: 1)),
            file("/m/Now/2.flac", TrackTags(artist: "Band", album: "Now", trackNumber: 2)),
            file("/m/Other/1.flac", TrackTags(artist: "Singer", album: "Now", trackNumber: 1)),
        ])
        #expect(albums.map(\.albumArtist) == ["Daft Punk", "Various Artists", "Singer"])
        #expect(albums.map(\.trackCount) == [2, 2, 1])
        #expect(albums[0].id == AlbumID(identityKey: "album\u{1F}daft punk\u{1F}ram", folder: "/m/DP"))
    }

    @Test func copiesSplitAndSiblingDiscsJoin() {
        let albums = AlbumGrouper.albums(from: [
            file("/m/FLAC/A/1.flac", TrackTags(artist: "A", album: "X", trackNumber: 1)),
            file("/m/MP3/A/1.mp3", TrackTags(artist: "A", album: "X", trackNumber: 1)),
            file("/m/B/Left/1.flac", TrackTags(artist: "B", album: "Y", trackNumber: 1, discNumber: 1)),
            file("/m/B/Right/1.flac", TrackTags(artist: "B", album: "Y", trackNumber: 1, discNumber: 2)),
            file("/m/W/Teal/1.flac", TrackTags(artist: "W", album: "W", trackNumber: 1, discNumber: 1)),
            file("/m/W/Black/1.flac", TrackTags(artist: "W", album: "W", trackNumber: 1, discNumber: 1)),
            file(
                "/m/The Wall (Disc 2)/1.flac",
                TrackTags(artist: "P", album: "The Wall (Disc 2)", trackNumber: 1)),
            file(
                "/m/The Wall (Disc 1)/1.flac",
                TrackTags(artist: "P", album: "The Wall (Disc 1)", trackNumber: 1)),
        ])
        #expect(albums.map(\.title) == ["Y", "X", "X", "The Wall", "W", "W"])
        #expect(albums.map(\.trackCount) == [2, 1, 1, 2, 1, 1])
        #expect(albums[3].tracks.map(\.disc) == [1, 2])
        // Copies share the identity's id; the wallet tells apart those it holds.
        let wallet = WalletBuilder.build(picks: [[albums[2]], [albums[1]]], capacity: 0).wallet
        #expect(Set(wallet.discs.map(\.id)).count == 2)
        #expect(wallet.discs.map(\.id).contains(albums[1].id))
    }

    @Test func yearNamedSuffixesAreDifferentRecordings() {
        func album(_ title: String, _ year: Int) -> Album {
            Album(
                id: AlbumID(identityKey: title), albumArtist: "Glenn Gould", title: title, year: year,
                tracks: [],
                directories: [RawPath("/m/\(title)")])
        }
        let early = album("Goldberg Variations (1955 version)", 1956)
        let late = album("Goldberg Variations (1981 version)", 1982)
        #expect(WalletBuilder.build(picks: [[early], [late]], capacity: 0).wallet.discs.count == 2)
        let deluxe = album("X (Deluxe)", 2010)
        let remaster = album("X [Remastered]", 2015)
        #expect(WalletBuilder.build(picks: [[deluxe], [remaster]], capacity: 0).wallet.discs.count == 2)
        let plain = album("X", 1990)
        #expect(
            WalletBuilder.build(picks: [[deluxe], [plain], [remaster]], capacity: 0).mergedPicks == [1, 2])
    }

    @Test func oneSortKeyPerAlbumArtist() {
        func album(_ title: String, _ year: Int, sort: String?) -> Album {
            Album(
                id: AlbumID(identityKey: title), albumArtist: "The Beatles", albumArtistSort: sort,
                title: title,
                year: year, tracks: [], directories: [])
        }
        let revival = Album(
            id: AlbumID(identityKey: "r"), albumArtist: "Beatles Tribute", title: "Help", tracks: [],
            directories: [])
        let order = WalletOrder.sorted([
            album("Let It Be", 1970, sort: nil), revival, album("Abbey Road", 1969, sort: "Beatles, The"),
        ])
        #expect(order.map(\.title) == ["Help", "Abbey Road", "Let It Be"])
    }
}
