import CDWallyCore
import Foundation
import TestSupport

/// Albums and wallets built straight from the gapless fixtures: disc "flac", "mp3" and
/// "opus", three tracks of about four seconds each.
enum FixtureWallet {
    static let formats = ["flac", "mp3", "opus"]

    /// The album of one fixture format; `paths` replaces the fixture files (copies in a temp
    /// folder, for tests that delete one).
    static func album(_ format: String, paths: [RawPath]? = nil) throws -> Album {
        let fixture = try GaplessFixture(format)
        let files = paths ?? fixture.paths
        let tracks = fixture.album.tracks.indices.map { index in
            AlbumTrack(
                path: files[index], disc: 1, track: index + 1, title: "Tone part \(index + 1)",
                artist: "cdwally fixtures", duration: fixture.seconds(ofTrack: index))
        }
        return Album(
            id: AlbumID(identityKey: "cdwally fixtures\u{1F}gapless \(format)"),
            albumArtist: "cdwally fixtures",
            title: "Gapless \(format)", tracks: tracks, directories: [files[0].parent])
    }

    static func wallet(_ formats: [String] = formats) throws -> Wallet {
        let discs = try formats.map { try album($0) }
        return Wallet(discs: discs, total: discs.count, capacity: 20)
    }

    /// Copies one format's tracks into `directory`, for tests that remove or spoil a file.
    static func copies(_ format: String, into directory: TemporaryDirectory) throws -> [RawPath] {
        try copies(format, into: directory.url)
    }

    /// The same into `folder`, which exists.
    static func copies(_ format: String, into folder: URL) throws -> [RawPath] {
        try GaplessFixture(format).album.tracks.map { track in
            let source = GaplessFixture.directory.appendingPathComponent(track.file)
            let target = folder.appendingPathComponent(source.lastPathComponent)
            try FileManager.default.copyItem(at: source, to: target)
            return RawPath(target.path)
        }
    }
}
