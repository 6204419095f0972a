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

/// 8 kHz mono 16-bit WAV files made on the fly: silence, or a steady tone at half scale.
public enum WAVFile {
    public static let sampleRate = 8000

    /// `seconds` of silence, or of a sine at `frequency` Hz.
    public static func make(seconds: Double, frequency: Double?) -> Data {
        let rate = UInt32(sampleRate)
        let count = Int(Double(sampleRate) * seconds)
        let dataSize = UInt32(count * 2)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + count * 2)
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
        guard let frequency else { return Data(bytes + [UInt8](repeating: 0, count: Int(dataSize))) }
        for index in 0..<count {
            let value = Int16(16_384 * sin(2 * Double.pi * frequency * Double(index) / Double(sampleRate)))
            append16(UInt16(bitPattern: value))
        }
        return Data(bytes)
    }
}
