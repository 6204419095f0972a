/// Decodes Windows-1252, the code page foobar2000 and Winamp write `.m3u` files in. It is a
/// superset of Latin-1: only 0x80–0x9F differ, and its five undefined bytes map to the C1
/// controls as Latin-1 would, so decoding never fails.
enum Windows1252 {
    static func decode(_ bytes: some Sequence<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if (0x80...0x9F).contains(byte), let mapped = Unicode.Scalar(high[Int(byte - 0x80)]) {
                scalars.append(mapped)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    /// The text's bytes in Windows-1252, or nil when it holds a character the code page lacks.
    static func encode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 || (0xA0...0xFF).contains(scalar.value) {
                bytes.append(UInt8(scalar.value))
            } else if let index = high.firstIndex(of: scalar.value) {
                bytes.append(0x80 + UInt8(index))
            } else {
                return nil
            }
        }
        return bytes
    }

    /// 0x80–0x9F; undefined positions (0x81, 0x8D, 0x8F, 0x90, 0x9D) keep their Latin-1 value.
    private static let high: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
