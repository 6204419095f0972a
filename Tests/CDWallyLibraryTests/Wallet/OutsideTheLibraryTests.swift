import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyLibrary

/// A `--playlist` kept beside the library may name files anywhere below its own folder.
@Suite struct OutsideTheLibraryTests {
    /// A missing line sends the resolution through the whole tree, which must not forget the
    /// files outside it that other lines named a moment before.
    @Test func aFileOutsideTheLibraryStaysWhenAnotherLineIsSearchedForEverywhere() throws {
        let library = try TestLibrary()
        try library.addAlbum("Bo/Live", artist: "Bo", album: "Live")
        try library.add(
            "../Elsewhere/Kit/01 Kit.flac", tags: ["ARTIST": "Kit", "ALBUM": "Kit", "TITLE": "Kit"])
        try library.write(
            "../Export.m3u8",
            Array(
                "Music/Bo/Live/01 Live 1.flac\n/cdwally-nowhere/x/01 a.flac\nElsewhere/Kit/01 Kit.flac\n".utf8
            ))
        let base = (library.root as NSString).deletingLastPathComponent
        for _ in 0..<2 {
            let report = try library.wallet(playlist: base + "/Export.m3u8")
            #expect(report.wallet.discs.map(\.title) == ["Live", "Kit"])
            #expect(report.entries.unavailable.map(\.line) == [2])
        }
    }
}
