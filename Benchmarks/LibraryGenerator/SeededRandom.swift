/// A small, fast, seedable random number generator (SplitMix64), so that a seed always gives
/// the same library on every machine and Swift version. The helpers below do their own
/// arithmetic rather than call `Int.random(in:using:)`, whose algorithm the standard library
/// does not promise to keep.
///
/// Each album and artist draws from its own stream, derived from the seed and its number,
/// so album 42 is the same whether 1,000 or 3,000 albums are generated.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The stream for item `number` of kind `stream` under `seed`.
    init(seed: UInt64, stream: String, number: Int) {
        // FNV-1a of the stream name keeps the kinds of items apart.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in stream.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        var mixer = SeededRandom(seed: seed ^ hash)
        state = mixer.next() ^ (UInt64(bitPattern: Int64(number)) &* 0x9e37_79b9_7f4a_7c15)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        return mixed ^ (mixed >> 31)
    }

    /// True with probability `probability` (0...1).
    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// A number in 0..<1 with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// An integer in `range` (the tiny bias of a multiply-shift does not matter here).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: width).high)
    }

    /// One element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(in: 0...(elements.count - 1))]
    }

    /// One of `choices`, each with its weight.
    mutating func weighted<Element>(_ choices: [(Element, Double)]) -> Element {
        let total = choices.reduce(0) { $0 + $1.1 }
        var point = unit() * total
        for (element, weight) in choices {
            if point < weight { return element }
            point -= weight
        }
        return choices[choices.count - 1].0
    }

    /// A random (version 4) UUID in lower case, as MusicBrainz writes its ids.
    mutating func uuid() -> String {
        var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: next()) }
        bytes[6] = (bytes[6] & 0x0f) | 0x40
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        let hex = bytes.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }
}
