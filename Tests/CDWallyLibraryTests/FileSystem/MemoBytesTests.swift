import CDWallyCore
import CDWallySystem
import Foundation
import TestSupport
import Testing

@testable import CDWallyLibrary

/// The memo files' byte layout: a writer that outgrows one chunk hands its bytes over in
/// several, and a file written from them reads back as what was written.
@Suite struct MemoBytesTests {
    @Test func aLargeMemoIsWrittenInChunksAndReadsBackWhole() throws {
        var writer = MemoBytes.Writer(magic: Array("MAGIC\n".utf8))
        let name = String(repeating: "é", count: 300)
        for number in 0..<10_000 {
            writer.integer(number)
            writer.string(name)
            writer.byte(UInt8(truncatingIfNeeded: number))
        }
        let parts = writer.parts
        #expect(parts.count > 1)
        #expect(parts.reduce(0) { $0 + $1.count } == writer.count)
        #expect(Array(parts.joined()) == writer.bytes)

        let directory = try TemporaryDirectory()
        let file = directory.path.appending("memo")
        try AtomicFile.replace(file, withParts: parts)
        let read = try #require(try AtomicFile.contents(of: file))
        var reader = try #require(MemoBytes.Reader(read, magic: Array("MAGIC\n".utf8)))
        for number in 0..<10_000 {
            #expect(reader.integer() == number)
            #expect(reader.string() == name)
            #expect(reader.byte() == UInt8(truncatingIfNeeded: number))
        }
        #expect(reader.isAtEnd)
    }
}
