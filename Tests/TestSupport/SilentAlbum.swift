import CDWallyCore
import Foundation

/// Albums of silence a real player can play in tests: quick to write, any length.
public enum SilentAlbum {
    /// An album of silent 8 kHz mono WAV files, one per entry of `seconds`.
    public static func make(in folder: RawPath, seconds: [Int]) throws -> Album {
        try FileManager.default.createDirectory(atPath: folder.display, withIntermediateDirectories: true)
        let tracks = try seconds.enumerated().map { offset, length in
            let path = folder.appending("\(offset + 1) quiet.wav")
            try silentWAV(seconds: length).write(to: URL(fileURLWithPath: path.display))
            return AlbumTrack(
                path: path, disc: 1, track: offset + 1, title: "Quiet \(offset + 1)", artist: "cdwally tests",
                duration: Double(length))
        }
        return Album(
            id: AlbumID(identityKey: "cdwally tests\u{1F}silence"), albumArtist: "cdwally tests",
            title: "Silence",
            tracks: tracks, directories: [folder])
    }

    private static func silentWAV(seconds: Int) -> Data {
        WAVFile.make(seconds: Double(seconds), frequency: nil)
    }
}
