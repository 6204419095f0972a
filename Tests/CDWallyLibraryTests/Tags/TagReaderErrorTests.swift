import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyLibrary

@Suite("TagReader on paths that are not plain audio files")
struct TagReaderErrorTests {
    let reader = TagReader()

    @Test("a name that is not UTF-8 reads like any other")
    func readsNonUTF8Name() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // "café.flac" in Latin-1: 0xE9 alone is not valid UTF-8.
        let name = RawPath(bytes: Array("caf".utf8) + [0xE9] + Array(".flac".utf8))
        #expect(!name.isValidUTF8)
        let path = try directory.copy(fixture: "tagged.flac", as: name)

        var tags = try reader.read(path)
        tags.duration = 0
        #expect(tags == FixtureTags.expected["tagged.flac"])
        #expect(try reader.cover(path) == Fixtures.cover("front.png"))
    }

    @Test("a folder that is not UTF-8 on the way to the file")
    func readsBelowNonUTF8Directory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.path.appending(RawPath(bytes: [0x44, 0x69, 0x73, 0x63, 0xFF]))
        #expect(folder.withCString { mkdir($0, 0o755) } == 0)
        let path = try directory.copy(
            fixture: "id3v24.mp3", as: RawPath(bytes: folder.lastComponent.bytes + Array("/a.mp3".utf8)))

        #expect(try reader.read(path).title == "Sine in MP3 (ID3v2.4)")
    }

    @Test("a missing file, or one below a file, is missing")
    func reportsMissing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.path.appending("nothing-here.flac")
        #expect(throws: TagReadError.missing(missing)) { try reader.read(missing) }
        #expect(throws: TagReadError.missing(missing)) { try reader.cover(missing) }

        let file = try directory.copy(fixture: "tagged.flac")
        let belowFile = file.appending("inside.flac")
        #expect(throws: TagReadError.missing(belowFile)) { try reader.read(belowFile) }

        // Cut at the NUL, this would name the fixture; no path on disk holds a NUL byte.
        let withNUL = RawPath(bytes: file.bytes + [0] + Array("x".utf8))
        #expect(throws: TagReadError.missing(withNUL)) { try reader.read(withNUL) }
        #expect(throws: TagReadError.missing(withNUL)) { try reader.cover(withNUL) }
        #expect(throws: TagWriteError.missing(withNUL)) { try TagWriter().write([:], to: withNUL) }
    }

    @Test("an empty file made at test time is empty, whatever its extension")
    func reportsEmpty() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for name in ["empty.flac", "empty.m4a", "no-extension"] {
            let path = try directory.copy(fixture: "empty.mp3", as: RawPath(name))
            #expect(throws: TagReadError.emptyFile(path)) { try reader.read(path) }
        }
    }

    @Test("the content decides, not the extension")
    func detectsByContent() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // TagLib falls back on sniffing the content when the extension says nothing it knows.
        let renamed = try directory.copy(fixture: "tagged.flac", as: RawPath("tagged.txt"))
        #expect(try reader.read(renamed).title == "Sine in FLAC")
        let text = try directory.copy(fixture: "not-audio.ogg", as: RawPath("text.flac"))
        #expect(throws: TagReadError.notAudio(text)) { try reader.read(text) }
    }

    @Test("a directory is unreadable, and says so")
    func reportsDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = #expect(throws: TagReadError.self) { try reader.read(directory.path) }
        #expect(error == .unreadable(directory.path, reason: "a directory"))
    }

    @Test("a named pipe is unreadable, and reading it never waits for a writer")
    func reportsNamedPipe() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pipe = directory.path.appending("pipe.flac")
        try #require(pipe.withCString { mkfifo($0, 0o644) } == 0)
        let error = #expect(throws: TagReadError.self) { try reader.read(pipe) }
        #expect(error == .unreadable(pipe, reason: "not a regular file"))
        #expect(throws: TagReadError.self) { try reader.cover(pipe) }
    }

    @Test("a file without read permission is unreadable", .enabled(if: geteuid() != 0, "root reads anything"))
    func reportsPermissionDenied() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.copy(fixture: "tagged.flac")
        #expect(path.withCString { chmod($0, 0) } == 0)
        let error = #expect(throws: TagReadError.self) { try reader.read(path) }
        guard case .unreadable(_, let reason) = error else {
            Issue.record("expected .unreadable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("Permission denied"))
    }

    /// A scan hands over files its listing found regular, which are read without a lookup of
    /// their own first: whatever the path became meanwhile reads as a lookup would have said.
    @Test("a file found regular by a listing and changed since reads as a lookup would say")
    func readsWhatTheListedPathBecame() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.path.appending("folder.flac")
        try FileManager.default.createDirectory(atPath: folder.display, withIntermediateDirectories: true)
        let pipe = directory.path.appending("pipe.flac")
        try #require(pipe.withCString { mkfifo($0, 0o644) } == 0)
        let paths = [
            directory.path.appending("gone.flac"), folder, pipe,
            try directory.copy(fixture: "empty.mp3", as: RawPath("empty.flac")),
            try directory.copy(fixture: "tagged.flac"),
        ]
        for path in paths {
            let looked = Result { () throws(TagReadError) in try reader.read(path) }
            let listed = Result { () throws(TagReadError) in try reader.read(path, isRegularFile: true) }
            #expect(String(describing: listed) == String(describing: looked), "\(path.display)")
        }
    }

    @Test("every error is one line naming the file and what to do")
    func describesErrors() {
        let path = RawPath(bytes: Array("/music/caf".utf8) + [0xE9] + Array(".flac".utf8))
        let errors: [TagReadError] = [
            .missing(path), .emptyFile(path), .notAudio(path), .unreadable(path, reason: "Permission denied"),
        ]
        for error in errors {
            #expect(error.description.contains("/music/caf\u{FFFD}.flac"))
            #expect(!error.description.contains("\n"))
            #expect(error.path == path)
        }
        #expect(TagReadError.notAudio(path).description.contains("not an audio file"))
        #expect(
            TagReadError.unreadable(path, reason: "Permission denied").description.contains(
                "Permission denied"))
    }
}
