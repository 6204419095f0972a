import CDWallyCore
import Testing

@testable import CDWallyLibrary

@Suite("TagReader on the fixtures")
struct TagReaderFixtureTests {
    let reader = TagReader()

    @Test("every field of every fixture", arguments: Fixtures.audioFiles)
    func readsEveryField(name: String) throws {
        let expected = try #require(FixtureTags.expected[name])
        var tags = try reader.read(Fixtures.path(name))
        // Half a second of audio; MP3 and AAC add their encoder delay and padding.
        #expect((0.45...0.65).contains(tags.duration), "duration \(tags.duration) s")
        tags.duration = 0
        #expect(tags == expected)
    }

    @Test("without audio properties: same tags, no duration", arguments: Fixtures.audioFiles)
    func readsWithoutAudioProperties(name: String) throws {
        let expected = try #require(FixtureTags.expected[name])
        let tags = try reader.read(Fixtures.path(name), audioProperties: false)
        #expect(tags.duration == 0)
        #expect(tags == expected)
    }

    @Test("the front cover, else the first picture", arguments: Fixtures.audioFiles)
    func extractsCover(name: String) throws {
        let expectedName = try #require(FixtureTags.covers[name])
        let cover = try reader.cover(Fixtures.path(name))
        if let expectedName {
            let expected = try Fixtures.cover(expectedName)
            let found = try #require(cover)
            #expect(found.mimeType == expected.mimeType)
            #expect(found.data == expected.data, "\(found.data.count) bytes, expected \(expected.data.count)")
        } else {
            #expect(cover == nil)
        }
    }

    @Test("broken files are unreadable, with the right reason", arguments: Fixtures.brokenFiles)
    func rejectsBrokenFile(name: String) {
        let path = Fixtures.path(name)
        let error = Fixtures.brokenFileError(name)
        #expect(throws: error) { try reader.read(path) }
        #expect(throws: error) { try reader.read(path, audioProperties: false) }
        #expect(throws: error) { try reader.cover(path) }
    }
}
