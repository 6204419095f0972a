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
        let joined = parts.flatMap { part -> [UInt8] in
            guard case .bytes(let bytes) = part else { return [] }
            return Array(bytes)
        }
        #expect(joined == writer.bytes)

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

    /// A memo written after an edited playlist copies parts of the memo it read from the file
    /// it had open: another process's memo renamed over the path meanwhile changes nothing,
    /// and a part past the file's end fails rather than writing a shorter file.
    @Test func aCopiedPartComesFromTheFileHeldOpen() throws {
        let directory = try TemporaryDirectory()
        let memo = directory.path.appending("memo")
        try AtomicFile.replace(memo, with: Array("0123456789".utf8))
        let opened = try #require(try OpenedFile(memo))
        try AtomicFile.replace(memo, with: Array("abcdefghij".utf8))

        let copy = directory.path.appending("copy")
        try AtomicFile.replace(
            copy, withParts: [.bytes(Array("<".utf8)[...]), .copy(opened, offset: 2, count: 5), .bytes([62])])
        #expect(try AtomicFile.contents(of: copy) == Array("<23456>".utf8))

        #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.replace(copy, withParts: [.copy(opened, offset: 8, count: 5)])
        }
        #expect(try AtomicFile.contents(of: copy) == Array("<23456>".utf8))
    }
}
