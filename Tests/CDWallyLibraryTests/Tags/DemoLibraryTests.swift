import CDWallyCore
import Foundation
import Testing

@testable import CDWallyLibrary

/// Examples/Library, made by Scripts/make-demo-library, read with real TagLib: every track
/// must be tagged well enough to form its album without help from folder or file names.
@Suite("The demo library's tags")
struct DemoLibraryTests {
    static let library = Fixtures.directory
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package
        .appendingPathComponent("Examples/Library")

    /// Each album's artist, title and files; a file named "CD2/01 - Title.ext" must be
    /// tagged disc 2, track 1, "Title".
    static let albums: [(artist: String, title: String, files: [String])] = [
        (
            "The Sine Waves", "Low Tide Arpeggios",
            ["01 - Pebble.opus", "02 - Undertow.opus", "03 - Sandbar.opus"]
                .map { "The Sine Waves/Low Tide Arpeggios (2019)/" + $0 }
        ),
        (
            "Captain Oscillator & The Square Deals", "Chord Sandwich",
            [
                "CD1/01 - Bread First.mp3", "CD1/02 - Lettuce Pray.mp3", "CD2/01 - Mustard Interlude.mp3",
                "CD2/02 - Crust Encore.mp3",
            ].map { "Captain Oscillator & The Square Deals/Chord Sandwich/" + $0 }
        ),
        (
            "Dr. Theremin's Polite Orchestra", "Music for Waiting Rooms",
            [
                "01 - Please Take a Number.ogg", "02 - Now Serving 42.ogg",
                "03 - The Doctor Will See You Now.ogg",
            ]
            .map { "Dr. Theremin's Polite Orchestra/Music for Waiting Rooms/" + $0 }
        ),
    ]

    static let files = albums.flatMap { album in album.files.map { (file: $0, album: album) } }

    @Test("every track carries album, album artist, date, disc and track", arguments: files.indices)
    func tagsEveryTrack(index: Int) throws {
        let (file, album) = Self.files[index]
        let path = RawPath(Self.library.appendingPathComponent(file).path)
        let name = path.stem.display  // "01 - Pebble"
        let tags = try TagReader().read(path)
        #expect(tags.album == album.title)
        #expect(tags.albumArtist == album.artist)
        #expect(tags.artist == album.artist)
        #expect(tags.discNumber == (file.contains("/CD2/") ? 2 : 1))
        #expect(tags.trackNumber == TagNumber.leading(name))
        #expect(
            tags.title.map { name.hasSuffix(" - " + $0) } == true, "title \(String(describing: tags.title))")
        #expect(TagNumber.year(in: tags.date) != nil)
        #expect(tags.duration >= 2.9 && tags.duration <= 4.2, "\(tags.duration) s")
    }

    @Test("the CDs playlist names one existing track of each album, by relative path")
    func listsOneTrackPerAlbum() throws {
        let text = try String(contentsOf: Self.library.appendingPathComponent("CDs.m3u8"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "#EXTM3U")
        let entries = lines.filter { !$0.hasPrefix("#") }
        #expect(lines.filter { $0.hasPrefix("#EXTINF:") }.count == entries.count)
        let albums = try entries.map { entry in
            #expect(!entry.hasPrefix("/"))
            return try TagReader().read(RawPath(Self.library.appendingPathComponent(entry).path)).album
        }
        #expect(Set(albums) == Set(Self.albums.map(\.title)))
        #expect(albums.count == 3)
    }
}
