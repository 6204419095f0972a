import Testing

@testable import CDWallyControl

/// Cutting a byte stream into request lines, with the length limit.
@Suite struct LineBufferTests {
    @Test func linesMayArriveSplitOrSeveralAtOnce() {
        var buffer = LineBuffer(limit: 100)
        #expect(buffer.append(bytes("ab")) == [])
        #expect(buffer.append(bytes("c\nde\n\nf")) == [.line(bytes("abc")), .line(bytes("de")), .line([])])
        #expect(buffer.append(bytes("g\n")) == [.line(bytes("fg"))])
        #expect(buffer.finish() == nil)
    }

    @Test func aLineAtTheLimitPassesAndOneByteMoreDoesNot() {
        var buffer = LineBuffer(limit: 8)
        #expect(buffer.append(bytes("12345678\n")) == [.line(bytes("12345678"))])
        #expect(buffer.append(bytes("123456789\n")) == [.tooLong])
    }

    @Test func aTooLongLineIsReportedOnceAndTheNextLineStillComes() {
        var buffer = LineBuffer(limit: 8)
        #expect(buffer.append(bytes("0123456789")) == [.tooLong])
        #expect(buffer.append(bytes("more and more")) == [])
        #expect(buffer.append(bytes(" end\nok\n")) == [.line(bytes("ok"))])
        #expect(
            buffer.append(bytes(String(repeating: "x", count: 30) + "\nnext\n")) == [
                .tooLong, .line(bytes("next")),
            ])
    }

    @Test func theLastLineWithoutNewlineComesAtTheEnd() {
        var buffer = LineBuffer(limit: 8)
        #expect(buffer.append(bytes("a\nlast")) == [.line(bytes("a"))])
        #expect(buffer.finish() == .line(bytes("last")))
        #expect(buffer.finish() == nil)
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
