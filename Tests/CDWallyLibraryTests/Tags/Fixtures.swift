import CDWallyCore
import CDWallyLibrary
import Foundation

/// The files in Tests/Fixtures (made by Scripts/make-fixtures), found from this source
/// file's location so that tests need no resource bundle.
enum Fixtures {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tags
        .deletingLastPathComponent()  // CDWallyLibraryTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures")

    static func path(_ name: String) -> RawPath {
        RawPath(directory.appendingPathComponent(name).path)
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The bytes of any file, such as a fixture copied to a temporary directory.
    static func bytes(fromAbsolute path: RawPath) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path.display)))
    }

    /// A picture from Tests/Fixtures/Covers.
    static func cover(_ name: String) throws -> CoverArt {
        let mimeType = name.hasSuffix(".png") ? "image/png" : "image/jpeg"
        return CoverArt(data: try bytes("Covers/" + name), mimeType: mimeType)
    }

    /// The audio files TagLib reads successfully.
    static let audioFiles = [
        "tagged.flac", "id3v23.mp3", "id3v24.mp3", "foobar.ogg", "ffmpeg.opus", "itunes.m4a",
        "tagged.wav", "tagged.aiff", "tagged.wv", "tagged.wma", "untagged.mp3",
    ]

    /// The broken files: each must give the error `brokenFileError` names.
    static let brokenFiles = ["truncated.flac", "empty.mp3", "not-audio.ogg"]

    static func brokenFileError(_ name: String) -> TagReadError {
        let path = path(name)
        return name == "empty.mp3" ? .emptyFile(path) : .notAudio(path)
    }
}
