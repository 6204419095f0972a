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

    /// Records read through a window of a MiB: records cut by the window's end, one larger
    /// than the window, and a range cut short, which reads as no record rather than a short one.
    @Test func recordsAreReadOneAtATimeAcrossWindows() throws {
        let sizes = (0..<400).map { 1000 + ($0 * 7919) % 9000 } + [3 << 20, 5, 0]
        var writer = MemoBytes.Writer(magic: [])
        for (number, size) in sizes.enumerated() {
            writer.data([UInt8](repeating: UInt8(truncatingIfNeeded: number), count: size))
        }
        let directory = try TemporaryDirectory()
        let file = directory.path.appending("records")
        try AtomicFile.replace(file, withParts: writer.parts)
        let openedOrNil = try OpenedFile(file)
        let opened = try #require(openedOrNil)

        var records = MemoBytes.Records(opened, in: 0..<opened.size)
        for (number, size) in sizes.enumerated() {
            let next = records.next()
            var record = try #require(next, "record \(number)")
            #expect(record.remaining == size)
            let first = record.byte()
            #expect(first == (size > 0 ? UInt8(truncatingIfNeeded: number) : nil))
            let skipped = record.skip(max(size - 1, 0))
            #expect(skipped && record.isAtEnd)
        }
        #expect(records.isAtEnd)
        let past = records.next()
        #expect(past == nil)

        // The last record (an empty one) cut short by the range's end.
        var cut = MemoBytes.Records(opened, in: 0..<(opened.size - 2))
        var whole = 0
        while cut.next() != nil { whole += 1 }
        #expect(whole == sizes.count - 1)
    }

    /// A part made while the file is written (a memo's answer) goes in a chunk at a time after
    /// the others, and reads back as a writer that kept it would have it.
    @Test func aPartWrittenAsItIsMadeReadsBackWhole() throws {
        func fill(_ writer: inout MemoBytes.Writer) {
            for number in 0..<30_000 {
                writer.string("track \(number) " + String(repeating: "x", count: number % 97))
            }
        }
        var kept = MemoBytes.Writer(magic: [])
        fill(&kept)
        #expect(kept.parts.count > 1)
        let directory = try TemporaryDirectory()
        let file = directory.path.appending("memo")
        var flushes = 0
        try AtomicFile.replace(file, withParts: [.bytes(Array("head".utf8)[...])]) { write in
            var writer = MemoBytes.Writer { block in
                flushes += 1
                write(block)
            }
            fill(&writer)
            writer.flush()
        }
        #expect(flushes == kept.parts.count)
        #expect(try AtomicFile.contents(of: file) == Array("head".utf8) + kept.bytes)
    }

    /// A full disk while the made part is written: the write fails and the old file stays.
    @Test(.enabled(if: SmallDisk.isAvailable, "needs root to mount a small tmpfs"))
    func aPartMadeOnAFullDiskLeavesTheOldFile() throws {
        let disk = try SmallDisk(kilobytes: 512)
        let file = RawPath(disk.path + "/memo")
        try AtomicFile.replace(file, with: Array("old".utf8))
        #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.replace(file, withParts: []) { write in
                var writer = MemoBytes.Writer(flushingTo: write)
                for _ in 0..<4096 { writer.data([UInt8](repeating: 7, count: 1024)) }
                writer.flush()
            }
        }
        #expect(try AtomicFile.contents(of: file) == Array("old".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path)
        #expect(left == ["memo"])
    }
}
