import CDWallyCore
import TestSupport
import Testing

@testable import CDWallyLibrary

@Suite("TagWriter round trips with real TagLib")
struct TagWriterTests {
    let reader = TagReader()

    /// Every field, with text no code page but UTF-8 holds.
    static let fullTags = TrackTags(
        title: "Café Noir – 夜の歌 ♫", artist: "Ünïcode Ørchestra", album: "Ωmega Sessions",
        albumArtist: "Ünïcode Ørchestra", albumArtistSort: "Ørchestra, Ünïcode", trackNumber: 7,
        discNumber: 3, date: "2001-02-03", originalDate: "1999-12-31",
        musicBrainzAlbumID: "0d5c7a0e-6f3b-4b1e-8a8c-1f2e3d4c5b6a", isCompilation: true,
        copyright: "℗ 2001 Ωmega Records", replayGainAlbumGain: -8.25, replayGainTrackGain: 2.5)

    /// What `fullTags` reads back as: ID3v2.3 keeps a full DATE (TYER plus TDAT) but only
    /// the year of ORIGINALDATE (TORY).
    static func expectedBack(in name: String, version: ID3v2Version) -> TrackTags {
        var expected = fullTags
        if version == .v3 && isID3v2(name) {
            expected.originalDate = "1999"
        }
        return expected
    }

    static func isID3v2(_ name: String) -> Bool {
        [".mp3", ".wav", ".aiff"].contains { name.hasSuffix($0) }
    }

    static let id3v2Files = Fixtures.audioFiles.filter(isID3v2)

    @Test("every field written reads back", arguments: Fixtures.audioFiles, ID3v2Version.allCases)
    func roundTripsEveryField(name: String, version: ID3v2Version) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.copy(fixture: name)

        let cover = try reader.cover(path)

        try TagWriter(id3v2Version: version).write(Self.fullTags, to: path)

        var tags = try reader.read(path)
        #expect(tags.duration > 0.4)
        tags.duration = 0
        #expect(tags == Self.expectedBack(in: name, version: version))
        #expect(try reader.cover(path) == cover, "writing tags must leave the pictures alone")
    }

    @Test("keys given no values are removed, other tags stay", arguments: Fixtures.audioFiles)
    func removesKeysWithoutValues(name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.copy(fixture: name)
        let writer = TagWriter()

        // Everything but the album goes; the album is not mentioned and must stay.
        var properties = TagWriter.properties(for: TrackTags(title: "Only the Title"))
        properties["ALBUM"] = nil
        try writer.write(properties, to: path)

        var expected = TrackTags(title: "Only the Title")
        expected.album = FixtureTags.expected[name]?.album
        var tags = try reader.read(path, audioProperties: false)
        tags.duration = 0
        #expect(tags == expected)
    }

    @Test("MP3, WAV and AIFF get the ID3v2 version asked for", arguments: id3v2Files, ID3v2Version.allCases)
    func writesID3v2Version(name: String, version: ID3v2Version) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.copy(fixture: name)

        try TagWriter(id3v2Version: version).write(["TITLE": ["Versioned"]], to: path)

        // An ID3v2 header is "ID3", the major version (2...4), then the revision 0. (WAV and
        // AIFF also name the chunk holding it "id3 " or "ID3 ".)
        let bytes = try Fixtures.bytes(fromAbsolute: path)
        let header = Array("ID3".utf8)
        let headers = bytes.indices.dropLast(5).filter {
            bytes[$0..<($0 + 3)].elementsEqual(header) && (2...4).contains(bytes[$0 + 3])
                && bytes[$0 + 4] == 0
        }
        let versions = Set(headers.map { Int(bytes[$0 + 3]) })
        #expect(versions == [version.rawValue])
        #expect(try reader.read(path).title == "Versioned")
    }

    @Test("a cover written is the cover read back", arguments: Fixtures.audioFiles)
    func attachesCover(name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.copy(fixture: name)
        // A PNG where the fixture has a JPEG and the other way round, to see it replaced.
        let cover = try Fixtures.cover(FixtureTags.covers[name] == "front.png" ? "front.jpg" : "front.png")

        try TagWriter().write([:], to: path, cover: cover)

        #expect(try reader.cover(path) == cover)
        var tags = try reader.read(path)
        tags.duration = 0
        #expect(tags == FixtureTags.expected[name], "writing a cover must leave the tags alone")
    }

    /// A 300 KB cover pushes the audio, or the tags at the end, past the head and tail the
    /// reading stream buffers: what lies between is read where it is.
    @Test("a file larger than the buffered head and tail reads the same", arguments: Fixtures.audioFiles)
    func readsLargeFiles(name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.copy(fixture: name)
        var before = try reader.read(path)
        let png = try Fixtures.cover("front.png")
        let cover = CoverArt(
            data: png.data + [UInt8](repeating: 0x5A, count: 300_000), mimeType: png.mimeType)

        try TagWriter().write([:], to: path, cover: cover)

        #expect(try Fixtures.bytes(fromAbsolute: path).count > 300_000)
        #expect(try reader.cover(path) == cover)
        var after = try reader.read(path)
        #expect(
            abs(after.duration - before.duration) < 0.05, "duration \(before.duration) → \(after.duration)")
        (before.duration, after.duration) = (0, 0)
        #expect(after == before)
    }

    @Test("a key the format cannot hold fails the write and changes nothing")
    func refusesUnsupportedKey() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.copy(fixture: "tagged.wv")
        let before = try Fixtures.bytes(fromAbsolute: path)

        // APE keys must be printable ASCII.
        let error = #expect(throws: TagWriteError.self) {
            try TagWriter().write(["TITLE": ["Changed"], "ÜNÏCODE": ["x"]], to: path)
        }
        guard case .unsupported(let failedPath, let reason) = error else {
            Issue.record("expected .unsupported, got \(String(describing: error))")
            return
        }
        #expect(failedPath == path)
        #expect(reason.contains("ÜNÏCODE"))
        #expect(try Fixtures.bytes(fromAbsolute: path) == before)
    }

    @Test("missing, empty and non-audio files cannot be written")
    func refusesBadFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.path.appending("missing.flac")
        #expect(throws: TagWriteError.missing(missing)) {
            try TagWriter().write(["TITLE": ["x"]], to: missing)
        }
        for name in Fixtures.brokenFiles {
            let path = try directory.copy(fixture: name)
            #expect(throws: TagWriteError.notAudio(path)) {
                try TagWriter().write(["TITLE": ["x"]], to: path)
            }
        }
        let error = #expect(throws: TagWriteError.self) {
            try TagWriter().write(["TITLE": ["x"]], to: directory.path)
        }
        #expect(error == .notWritable(directory.path, reason: "a directory"))

        let flac = try directory.copy(fixture: "tagged.flac")
        let emptyCover = CoverArt(data: [], mimeType: "image/png")
        #expect(throws: TagWriteError.unsupported(flac, reason: "the cover picture has no bytes")) {
            try TagWriter().write([:], to: flac, cover: emptyCover)
        }
    }
}
