import CDWallyCore

/// Turns what an RDM6300-style 125 kHz reader sends on a serial line (9600 8N1) into card
/// numbers (docs/PRODUCT.md §11). Each card is a frame of 14 bytes: STX (0x02), ten ASCII hex
/// digits (a version byte and the card's four), two more for the checksum (the XOR of those
/// five bytes), ETX (0x03).
///
/// The number is the card's four bytes as a ten-digit decimal, leading zeros kept: what a USB
/// keyboard-wedge 125 kHz reader types for the same card (`0012345678`), so a card assigned on
/// one reader plays on the other. A frame that does not check out is one problem; bytes
/// outside frames (line noise at power-up) are skipped.
///
/// A pure value, fed one port's bytes in order.
public struct SerialCardDecoder: Sendable {
    private static let start: UInt8 = 0x02
    private static let end: UInt8 = 0x03
    private static let frameLength = 12

    /// The bytes after an STX, nil outside a frame.
    private var frame: [UInt8]?

    public init() {}

    public mutating func take(_ bytes: some Sequence<UInt8>) -> [CardReaderDecoder.Output] {
        var outputs: [CardReaderDecoder.Output] = []
        for byte in bytes {
            if byte == Self.start {
                // A frame cut short by the next one's start is a bad frame; then the new one.
                if let cut = frame, !cut.isEmpty { outputs.append(.problem(.badFrame(Self.shown(cut)))) }
                frame = []
            } else if byte == Self.end, let body = frame {
                outputs.append(Self.decode(body))
                frame = nil
            } else if frame != nil {
                frame!.append(byte)
                if frame!.count > Self.frameLength {
                    outputs.append(.problem(.badFrame(Self.shown(frame!))))
                    frame = nil
                }
            }
        }
        return outputs
    }

    private static func decode(_ body: [UInt8]) -> CardReaderDecoder.Output {
        guard body.count == frameLength else { return .problem(.badFrame(shown(body))) }
        var values: [UInt8] = []
        for index in stride(from: 0, to: frameLength, by: 2) {
            guard let high = hexValue(body[index]), let low = hexValue(body[index + 1]) else {
                return .problem(.badFrame(shown(body)))
            }
            values.append(high << 4 | low)
        }
        let data = values.prefix(5)
        guard data.reduce(0, ^) == values[5] else { return .problem(.badFrame(shown(body))) }
        let card = data.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let digits = String(card)
        return .card(CardNumber(String(repeating: "0", count: 10 - digits.count) + digits)!)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// A frame's bytes for the log: printable ASCII as it is, the rest as `\xNN`.
    private static func shown(_ bytes: [UInt8]) -> String {
        bytes.prefix(32).map { (0x20..<0x7f).contains($0) ? String(UnicodeScalar($0)) : "\\x" + hex($0) }
            .joined()
    }

    private static func hex(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }
}
