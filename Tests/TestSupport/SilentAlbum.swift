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
        let rate: UInt32 = 8000
        let dataSize = rate * 2 * UInt32(seconds)
        var bytes: [UInt8] = []
        func append(_ text: String) { bytes += Array(text.utf8) }
        func append32(_ value: UInt32) { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
        func append16(_ value: UInt16) { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
        append("RIFF")
        append32(36 + dataSize)
        append("WAVEfmt ")
        append32(16)
        append16(1)  // PCM
        append16(1)  // mono
        append32(rate)
        append32(rate * 2)
        append16(2)
        append16(16)
        append("data")
        append32(dataSize)
        bytes += [UInt8](repeating: 0, count: Int(dataSize))
        return Data(bytes)
    }
}
