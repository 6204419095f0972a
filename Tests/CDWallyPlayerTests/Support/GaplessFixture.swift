import CDWallyCore
import Foundation

/// The committed fixtures of `Scripts/make-gapless-fixtures`: per format, three tracks of one
/// continuous tone with their exact sample counts.
struct GaplessFixture: Sendable {
    struct Track: Decodable, Sendable {
        var file: String
        var samples: Int
    }

    struct Album: Decodable, Sendable {
        var sampleRate: Int
        var tracks: [Track]
    }

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Gapless")

    let format: String
    let album: Album

    init(_ format: String) throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("samples.json"))
        let all = try JSONDecoder().decode([String: Album].self, from: data)
        guard let album = all[format] else { throw CocoaError(.fileReadNoSuchFile) }
        self.format = format
        self.album = album
    }

    var paths: [RawPath] { album.tracks.map { RawPath(Self.directory.appendingPathComponent($0.file).path) } }
    var totalSamples: Int { album.tracks.reduce(0) { $0 + $1.samples } }
    func seconds(ofTrack index: Int) -> Double {
        Double(album.tracks[index].samples) / Double(album.sampleRate)
    }
}
