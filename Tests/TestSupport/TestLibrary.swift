import CDWallyCore
import CDWallyLibrary
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A music library built on the fly in a temporary folder from the real fixture files,
/// retagged through TagLib or by a real tagger, with its own index cache. Removed when the
/// test ends.
public final class TestLibrary: @unchecked Sendable {
    /// What writes a file's tags.
    public enum Tagger: Sendable {
        /// cdwally's own TagLib writer.
        case taglib
        /// `metaflac` from Debian's flac package, as a user's tagger writes FLAC files (the
        /// template must be a FLAC file).
        case metaflac
    }

    public let root: String
    public let cache: String
    private let writer = TagWriter()

    /// `Tests/Fixtures`, beside this file's folder.
    public static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// Keys cleared from a template before its new tags are written, so no template tag leaks.
    private static let standardKeys = [
        "TITLE", "ARTIST", "ALBUM", "ALBUMARTIST", "ALBUMARTISTSORT", "TRACKNUMBER", "DISCNUMBER", "DATE",
        "ORIGINALDATE", "COMPILATION", "MUSICBRAINZ_ALBUMID", "COPYRIGHT", "REPLAYGAIN_ALBUM_GAIN",
        "REPLAYGAIN_TRACK_GAIN", "GENRE", "COMMENT",
    ]

    public init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cdwally-test-\(UUID().uuidString)"
        ).path
        root = base + "/Music"
        cache = base + "/cache"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        // Restore permissions a test may have taken away, so the folder can be removed.
        _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwx", root])
            .waitUntilExit()
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }

    /// Writes a WAV file of `seconds` of a steady tone to `path` (relative to the root) and
    /// tags it: a track whose every moment is audible, for tests that listen to the output.
    @discardableResult
    public func addTone(_ path: String, seconds: Double, tags: [String: String]) throws -> String {
        let destination = root + "/" + path
        try FileManager.default.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try WAVFile.make(seconds: seconds, frequency: 440).write(to: URL(fileURLWithPath: destination))
        try writeTags(tags, to: destination)
        return destination
    }

    /// Writes `tags` through TagLib, clearing the standard keys a file had.
    private func writeTags(_ tags: [String: String], to destination: String) throws {
        var properties = Dictionary(uniqueKeysWithValues: TestLibrary.standardKeys.map { ($0, [String]()) })
        for (key, value) in tags { properties[key] = [value] }
        try writer.write(properties, to: RawPath(destination))
    }

    /// Copies the fixture `template` to `path` (relative to the root) and tags it.
    @discardableResult
    public func add(
        _ path: String, template: String = "tagged.flac", tags: [String: String], tagger: Tagger = .taglib
    ) throws -> String {
        let destination = root + "/" + path
        try FileManager.default.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.copyItem(atPath: TestLibrary.fixtures + "/" + template, toPath: destination)
        switch tagger {
        case .taglib:
            try writeTags(tags, to: destination)
        case .metaflac:
            let process = try Process.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                arguments: ["metaflac", "--remove-all-tags"]
                    + tags.sorted { $0.key < $1.key }.map { "--set-tag=\($0)=\($1)" }
                    + [destination])
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
        return destination
    }

    /// An album of `count` tracks "01 Title N" in `folder`.
    public func addAlbum(
        _ folder: String, artist: String, album: String, tracks count: Int = 2,
        template: String = "tagged.flac",
        extraTags: [String: String] = [:], tagger: Tagger = .taglib
    ) throws {
        let fileExtension = (template as NSString).pathExtension
        for number in 1...count {
            var tags = [
                "TITLE": "\(album) \(number)", "ARTIST": artist, "ALBUM": album,
                "TRACKNUMBER": "\(number)/\(count)",
            ]
            tags.merge(extraTags) { $1 }
            try add(
                "\(folder)/0\(number) \(album) \(number).\(fileExtension)", template: template, tags: tags,
                tagger: tagger)
        }
    }

    /// An album of no album artist in `folder` whose track N, "0N Album N", credits
    /// `artists[N-1]`: how featured guests and ripped compilations are tagged.
    public func addAlbum(_ folder: String, album: String, artists: [String], tagger: Tagger = .taglib) throws
    {
        for (index, artist) in artists.enumerated() {
            let number = index + 1
            try add(
                "\(folder)/0\(number) \(album) \(number).flac",
                tags: [
                    "TITLE": "\(album) \(number)", "ARTIST": artist, "ALBUM": album,
                    "TRACKNUMBER": "\(number)",
                ],
                tagger: tagger)
        }
    }

    public func write(_ path: String, _ bytes: [UInt8]) throws {
        let destination = root + "/" + path
        try FileManager.default.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: destination))
    }

    public func playlist(_ text: String, name: String = "CDs.m3u8") throws {
        try write(name, Array(text.utf8))
    }

    public func service() throws -> LibraryService {
        try LibraryService(candidates: [(root, "test")], cacheDirectory: cache)
    }

    /// `now`: the clock a remembered wallet's settling is measured by (`LibraryService.wallet`).
    public func wallet(capacity: Int = 0, playlist: String? = nil, wholeTree: Bool = false, now: Int64? = nil)
        throws -> WalletReport
    {
        try service().wallet(
            playlist: playlist.map { RawPath($0) }, capacity: capacity, wholeTree: wholeTree, now: now)
    }

    /// Runs `body` and puts the file's modification time back to the nanosecond, as if the
    /// file had not been touched.
    public func keepingModificationTime(of path: String, _ body: () throws -> Void) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
        try body()
        var times = [info.st_atim, info.st_mtim]
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Sets a file's modification time, to order playlists or fake an untouched file.
    public func setModified(_ path: String, secondsSince1970 seconds: Int) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))],
            ofItemAtPath: root + "/" + path)
    }
}
