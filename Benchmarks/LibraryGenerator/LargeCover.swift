/// A JPEG of a chosen size made from a small one: comment segments of noise after its
/// start-of-image marker. Decoders skip comments, so it is still the same valid picture, but
/// a tag reader, a tagger and the index must carry every byte, as with a 3000 px scan; noise,
/// not zeros, so that no file system or cache compresses it away.
enum LargeCover {
    static func padded(_ jpeg: [UInt8], to size: Int) -> [UInt8] {
        guard jpeg.count >= 2, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return jpeg }
        var result: [UInt8] = [0xFF, 0xD8]
        result.reserveCapacity(size + 70_000)
        // The same bytes every time, whatever the seed: only the size differs between covers.
        var random = SeededRandom(seed: 0, stream: "large-cover", number: size)
        while result.count + jpeg.count - 2 < size {
            let payload = min(65_533, max(1, size - (result.count + jpeg.count - 2) - 4))
            let length = payload + 2
            result += [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)]
            for _ in 0..<payload { result.append(UInt8(truncatingIfNeeded: random.next())) }
        }
        result += jpeg[2...]
        return result
    }
}
