import Foundation

/// Just enough of a RIFF/WAVE reader to count what mpv's `ao=pcm` wrote, and a writer of
/// the small files tests play (`make`).
public struct WAVFile {
    public var channels = 0
    public var sampleRate = 0
    public var bitsPerSample = 0
    public var blockAlign = 0
    /// The bytes of the data chunk.
    public var data: ArraySlice<UInt8> = []

    public init(contentsOf url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var offset = 12
        var sawData = false
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let declared = Self.uint32(bytes, offset + 4)
            let start = offset + 8
            // ao_pcm fixes the sizes up on close; an unfinished file says 0 or 0xFFFFFFFF.
            let size = (declared == 0 || declared == 0xFFFF_FFFF) ? bytes.count - start : Int(declared)
            let end = min(start + size, bytes.count)
            if id == "fmt " {
                channels = Int(Self.uint16(bytes, start + 2))
                sampleRate = Int(Self.uint32(bytes, start + 4))
                blockAlign = Int(Self.uint16(bytes, start + 12))
                bitsPerSample = Int(Self.uint16(bytes, start + 14))
            } else if id == "data" {
                data = bytes[start..<end]
                sawData = true
            }
            offset = start + size + (size & 1)
        }
        guard sawData, blockAlign > 0 else { throw CocoaError(.fileReadCorruptFile) }
    }

    /// Sample frames (one sample per channel).
    public var frames: Int { data.count / blockAlign }

    /// The first channel as 16-bit integers; nil for other sample formats.
    public var int16Samples: [Int16]? {
        guard bitsPerSample == 16 else { return nil }
        let base = data.startIndex
        return (0..<frames).map { frame in
            let at = base + frame * blockAlign
            return Int16(bitPattern: UInt16(data[at]) | UInt16(data[at + 1]) << 8)
        }
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(uint16(bytes, offset)) | UInt32(uint16(bytes, offset + 2)) << 16
    }
}

/// 8 kHz mono 16-bit WAV files made on the fly: silence, or a steady tone at half scale.
extension WAVFile {
    /// The rate of the files `make` writes.
    public static let madeRate = 8000

    /// `seconds` of silence, or of a sine at `frequency` Hz.
    public static func make(seconds: Double, frequency: Double?) -> Data {
        let rate = UInt32(madeRate)
        let count = Int(Double(madeRate) * seconds)
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
            let value = Int16(16_384 * sin(2 * Double.pi * frequency * Double(index) / Double(madeRate)))
            append16(UInt16(bitPattern: value))
        }
        return Data(bytes)
    }
}
