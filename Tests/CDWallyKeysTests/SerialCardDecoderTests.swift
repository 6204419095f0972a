import CDWallyCore
import TestSupport
import Testing

@testable import CDWallyKeys

/// RDM6300-style frames, as bytes, through the decoder a serial reader's port feeds (host).
@Suite struct SerialCardDecoderTests {
    @Test func aFrameIsTheCardsTenDigitNumberAsAWedgeReaderTypesIt() {
        var decoder = SerialCardDecoder()
        #expect(decoder.take(SerialCardLine.frame(card: 12_345_678)) == [.card(CardNumber("0012345678")!)])
        #expect(decoder.take(SerialCardLine.frame(card: 0xFFFF_FFFF)) == [.card(CardNumber("4294967295")!)])
    }

    @Test func framesMayArriveInPiecesAndAfterNoise() {
        var decoder = SerialCardDecoder()
        let bytes = [0x00, 0xFF, 0x41] + SerialCardLine.frame(card: 7) + SerialCardLine.frame(card: 7)
        var outputs: [CardReaderDecoder.Output] = []
        for piece in stride(from: 0, to: bytes.count, by: 5) {
            outputs += decoder.take(bytes[piece..<min(piece + 5, bytes.count)])
        }
        #expect(outputs == [.card(CardNumber("0000000007")!), .card(CardNumber("0000000007")!)])
    }

    @Test func aBadChecksumOrAShortOrLongFrameIsOneProblemAndTheNextFrameReads() {
        var decoder = SerialCardDecoder()
        let bad = SerialCardLine.frame(card: 42, checksum: 0x00)
        let short = [0x02] + Array("0F00".utf8) + [0x03]
        let long = [0x02] + Array(String(repeating: "A", count: 40).utf8) + [0x03]
        let cut = [0x02] + Array("0F0000".utf8)
        let outputs = decoder.take(bad + short + long + cut + SerialCardLine.frame(card: 42))
        #expect(outputs.count == 5)
        #expect(outputs.prefix(4).allSatisfy { if case .problem(.badFrame) = $0 { true } else { false } })
        #expect(outputs.last == .card(CardNumber("0000000042")!))
        #expect(decoder.take(Array("junk".utf8) + [0x03]) == [])
    }

    @Test func notHexIsABadFrame() {
        var decoder = SerialCardDecoder()
        let frame = [0x02] + Array("0F00BC61XE7C".utf8) + [0x03]
        #expect(decoder.take(frame) == [.problem(.badFrame("0F00BC61XE7C"))])
    }
}
