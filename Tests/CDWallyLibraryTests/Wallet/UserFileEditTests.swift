import CDWallyCore
import CDWallySystem
import Foundation
import TestSupport
import Testing

/// `UserFileEdit` on real files: another writer's change between the read and the rename is
/// kept, mode and a symbolic link are kept, and a failed change leaves the file as it was.
@Suite struct UserFileEditTests {
    @Test func aChangeMadeMeanwhileIsReadAgainAndKept() throws {
        let folder = try TemporaryDirectory()
        let file = folder.child("CDs.m3u8")
        try Data("one\n".utf8).write(to: folder.file("CDs.m3u8"))
        var seen: [String] = []
        let outcome = try UserFileEdit.apply(to: file, state: folder.child("state"), limit: 1 << 20) {
            bytes in
            let text = String(decoding: bytes ?? [], as: UTF8.self)
            seen.append(text)
            if seen.count == 1 {
                // An editor saves (a new file renamed over) while this change is being made.
                try Data("one\ntwo\n".utf8).write(to: folder.file("CDs.m3u8"), options: .atomic)
            }
            return Array((text + "mine\n").utf8)
        }
        #expect(seen == ["one\n", "one\ntwo\n"])
        #expect(outcome.retries == 1)
        #expect(try String(contentsOfFile: file.display, encoding: .utf8) == "one\ntwo\nmine\n")
        // No temporary file is left beside it.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path.display).sorted() == [
                "CDs.m3u8"
            ])
    }

    @Test func anEditInPlaceMeanwhileIsKeptToo() throws {
        let folder = try TemporaryDirectory()
        let file = folder.child("CDs.m3u8")
        try Data("one\n".utf8).write(to: folder.file("CDs.m3u8"))
        #expect(chmod(file.display, 0o640) == 0)
        var attempts = 0
        _ = try UserFileEdit.apply(to: file, state: folder.child("state"), limit: 1 << 20) { bytes in
            attempts += 1
            if attempts == 1 {
                let handle = try FileHandle(forWritingTo: folder.file("CDs.m3u8"))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("appended\n".utf8))
                try handle.close()
            }
            return (bytes ?? []) + Array("mine\n".utf8)
        }
        #expect(attempts == 2)
        #expect(try String(contentsOfFile: file.display, encoding: .utf8) == "one\nappended\nmine\n")
        var info = stat()
        #expect(stat(file.display, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o640)
    }

    @Test func aLinkStaysALinkAndItsTargetChanges() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: folder.child("real").display, withIntermediateDirectories: true)
        try Data("a\n".utf8).write(to: folder.file("real/CDs.m3u8"))
        #expect(symlink("real/CDs.m3u8", folder.child("CDs.m3u8").display) == 0)
        let outcome = try UserFileEdit.apply(
            to: folder.child("CDs.m3u8"), state: folder.child("state"), limit: 100
        ) {
            ($0 ?? []) + Array("b\n".utf8)
        }
        #expect(outcome.path.display.hasSuffix("/real/CDs.m3u8"))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder.child("CDs.m3u8").display)
                == "real/CDs.m3u8")
        #expect(
            try String(contentsOfFile: folder.child("real/CDs.m3u8").display, encoding: .utf8) == "a\nb\n")
    }

    @Test func aThrowingChangeLeavesTheFileAsItWas() throws {
        struct Refused: Error {}
        let folder = try TemporaryDirectory()
        try Data("keep\n".utf8).write(to: folder.file("CDs.m3u8"))
        #expect(throws: Refused.self) {
            try UserFileEdit.apply(to: folder.child("CDs.m3u8"), state: folder.child("state"), limit: 100) {
                _ in throw Refused()
            }
        }
        #expect(throws: UserFileEdit.Failure.tooLarge(folder.child("CDs.m3u8"), size: 5, limit: 4)) {
            try UserFileEdit.apply(to: folder.child("CDs.m3u8"), state: folder.child("state"), limit: 4) {
                $0
            }
        }
        #expect(try String(contentsOfFile: folder.child("CDs.m3u8").display, encoding: .utf8) == "keep\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path.display).sorted() == [
                "CDs.m3u8"
            ])
    }
}
