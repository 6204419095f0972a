import Foundation

/// Just enough of a RIFF/WAVE reader to count what mpv's `ao=pcm` wrote.
struct WAVFile {
    var channels = 0
    var sampleRate = 0
    var bitsPerSample = 0
    var blockAlign = 0
    /// The bytes of the data chunk.
    var data: ArraySlice<UInt8> = []

    init(contentsOf url: URL) throws {
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
    var frames: Int { data.count / blockAlign }

    /// The first channel as 16-bit integers; nil for other sample formats.
    var int16Samples: [Int16]? {
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
