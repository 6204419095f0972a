import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyLibrary

/// An edited playlist (`WalletMemo.Found`): the lines that name by their path a file a line
/// named before are answered from the albums the last command found, only the others are
/// resolved, and the report is the one a resolution of every line gives, on real tagged files
/// and a real index.
@Suite struct EditedPlaylistTests {
    /// A clock far enough ahead that every file the test made counts as settled.
    private let later = Int64(Date().timeIntervalSince1970 + 60) * 1_000_000_000

    /// Copies, editions, a ripped compilation, featured credits, disc folders, a folder entry,
    /// a stream and a line that names no audio file.
    private func library() throws -> (TestLibrary, lines: [String]) {
        let library = try TestLibrary()
        try library.addAlbum("FLAC/Blur", artist: "Blur", album: "Blur", tracks: 3)
        try library.addAlbum("MP3/Blur", artist: "Blur", album: "Blur", tracks: 3, template: "id3v24.mp3")
        try library.addAlbum("Ada/Engines", artist: "Ada", album: "Engines", tracks: 3)
        try library.addAlbum(
            "Ada/Engines Deluxe", artist: "Ada", album: "Engines (Deluxe Edition)", tracks: 4)
        try library.addAlbum("Rips/Now 1", album: "Now 1", artists: ["Singer 1", "Singer 2 feat. Guest"])
        try library.add("Set/CD1/01 One.flac", tags: ["ARTIST": "S", "ALBUM": "Set", "TRACKNUMBER": "1"])
        try library.add("Set/CD2/01 Two.flac", tags: ["ARTIST": "S", "ALBUM": "Set", "TRACKNUMBER": "1"])
        try library.addAlbum("Bo/Live", artist: "Bo", album: "Live")
        try library.write("Ada/Engines/notes.txt", Array("liner notes".utf8))
        let lines = [
            "FLAC/Blur/02 Blur 2.flac", "Ada/Engines Deluxe/01 Engines (Deluxe Edition) 1.flac",
            "MP3/Blur/01 Blur 1.mp3", "Ada/Engines/03 Engines 3.flac", "Rips/Now 1/02 Now 1 2.flac",
            "Set/CD2/01 Two.flac", "Bo", "http://radio.example/stream", "Ada/Engines/notes.txt",
            "FLAC/Blur/03 Blur 3.flac",
        ]
        try library.playlist(lines.joined(separator: "\n") + "\n")
        return (library, lines)
    }

    /// The same playlist resolved with no memo to answer from.
    private func afresh(_ library: TestLibrary, capacity: Int = 0) throws -> WalletReport {
        let memo = try #require(try library.service().index.walletMemo)
        try? FileManager.default.removeItem(atPath: memo.display)
        return try library.wallet(capacity: capacity, now: later)
    }

    private func isTrack(_ line: String) -> Bool {
        line.hasSuffix(".flac") || line.hasSuffix(".mp3")
    }

    private func expectSame(_ edited: WalletReport, _ fresh: WalletReport) {
        #expect(edited.wallet == fresh.wallet)
        #expect(edited.entries == fresh.entries)
        #expect(edited.encoding == fresh.encoding && edited.choice == fresh.choice)
    }

    @Test func eachLineRemovedAddedOrMovedGivesTheWalletOfAFullResolution() throws {
        let (library, lines) = try library()
        var edits: [[String]] = lines.indices.map { position in
            var edited = lines
            edited.remove(at: position)
            return edited
        }
        edits.append(lines.reversed())
        edits.append(lines + ["# a comment", "Ada/Engines/01 Engines 1.flac", "Set/CD1/01 One.flac"])
        edits.append(["MP3/Blur/02 Blur 2.mp3"] + lines)
        for edit in edits {
            try library.playlist(lines.joined(separator: "\n") + "\n")
            _ = try library.wallet(now: later)
            try library.playlist(edit.joined(separator: "\n") + "\n")
            let edited = try library.wallet(now: later)
            // Every line naming a track by its path that was there before is answered from
            // the memo; the folder entry, the stream, the text file and new tracks are not.
            let kept = edit.filter { lines.contains($0) && isTrack($0) }
            #expect(edited.rememberedEntries == kept.count, "\(edit)")
            #expect(!edited.remembered)
            expectSame(edited, try afresh(library))
        }
    }

    @Test func anotherCapacityIsBuiltFromTheAlbumsFound() throws {
        let (library, lines) = try library()
        let all = try library.wallet(now: later)
        #expect(all.wallet.discs.count == 6 && all.wallet.total == 6)
        let capped = try library.wallet(capacity: 2, now: later)
        #expect(capped.rememberedEntries == lines.filter(isTrack).count)
        #expect(capped.wallet.discs.count == 2 && capped.wallet.total == 6)
        expectSame(capped, try afresh(library, capacity: 2))
        // And the memo it wrote answers the same capacity again, whole.
        #expect(try library.wallet(capacity: 2, now: later).remembered)
    }

    @Test func aLineForAFolderNotIndexedYetResolvesEveryLineAgain() throws {
        let (library, lines) = try library()
        _ = try library.wallet(now: later)
        // Not named before, so not indexed: its refresh changes the index, and an album found
        // before might gain its tracks.
        try library.addAlbum("Cy/Songs", artist: "Cy", album: "Songs")
        try library.playlist((lines + ["Cy/Songs/01 Songs 1.flac"]).joined(separator: "\n") + "\n")
        let edited = try library.wallet(now: later)
        #expect(edited.rememberedEntries == 0)
        #expect(edited.wallet.discs.contains { $0.title == "Songs" })
        expectSame(edited, try afresh(library))
    }

    @Test func aChangeToAFileAnAlbumWasFoundInResolvesEveryLineAgain() throws {
        let (library, lines) = try library()
        _ = try library.wallet(now: later)
        try library.add(
            "FLAC/Blur/01 Blur 1.flac",
            tags: ["ARTIST": "Blur", "ALBUM": "Blur", "TITLE": "Retagged", "TRACKNUMBER": "1/3"])
        try library.playlist((lines + ["# edited"]).joined(separator: "\n") + "\n")
        let edited = try library.wallet(now: later)
        #expect(edited.rememberedEntries == 0)
        #expect(edited.wallet.discs.flatMap(\.tracks).contains { $0.title == "Retagged" })
        expectSame(edited, try afresh(library))
    }

    @Test func anotherPlaylistOrAMuchSmallerOneIsResolvedWhole() throws {
        let (library, lines) = try library()
        _ = try library.wallet(now: later)
        // The same files named from a playlist in another folder: another playlist, whose
        // resolution must not carry this one's memo along.
        let elsewhere = library.root + "/Lists/Mine.m3u8"
        try library.write("Lists/Mine.m3u8", Array(lines.map { "../" + $0 }.joined(separator: "\n").utf8))
        let other = try library.wallet(playlist: elsewhere, now: later)
        #expect(other.rememberedEntries == 0 && !other.remembered)
        expectSame(other, try library.wallet(playlist: elsewhere, now: later))
        // The same playlist cut to fewer than half the files it named: resolved whole, and
        // the memo written anew from it.
        _ = try library.wallet(now: later)
        try library.playlist(lines[0] + "\n")
        let small = try library.wallet(now: later)
        #expect(small.rememberedEntries == 0 && small.wallet.discs.map(\.title) == ["Blur"])
        expectSame(small, try afresh(library))
    }

    /// A ripped compilation (no album artist, a singer a track) on CD1 and CD2: one album
    /// whichever disc a line names, so a remembered line's album does not depend on the
    /// others.
    @Test func aRippedCompilationOnTwoDiscsIsOneAlbumWhicheverDiscALineNames() throws {
        let library = try TestLibrary()
        for (disc, singers) in [(1, ["Ann", "Bo"]), (2, ["Cy", "Di"])] {
            for (index, singer) in singers.enumerated() {
                try library.add(
                    "Hits/CD\(disc)/0\(index + 1) Song.flac",
                    tags: [
                        "ARTIST": singer, "ALBUM": "Hits", "TITLE": "\(singer) song",
                        "TRACKNUMBER": "\(index + 1)",
                    ])
            }
        }
        try library.addAlbum("Bo/Live", artist: "Bo", album: "Live")
        let both = ["Hits/CD1/01 Song.flac", "Hits/CD2/02 Song.flac", "Bo/Live/01 Live 1.flac"]
        for lines in [both, [both[0], both[2]], [both[1], both[2]]] {
            try library.playlist(lines.joined(separator: "\n") + "\n")
            let fresh = try afresh(library)
            #expect(fresh.wallet.discs.map(\.title) == ["Live", "Hits"], "\(lines)")
            #expect(fresh.wallet.discs.map(\.trackCount) == [2, 4], "\(lines)")
        }
        // Edited from one disc's line to both and back: the same wallet as a full resolution.
        for (before, after) in [([both[0], both[2]], both), (both, [both[1], both[2]])] {
            try library.playlist(before.joined(separator: "\n") + "\n")
            _ = try afresh(library)
            try library.playlist(after.joined(separator: "\n") + "\n")
            let edited = try library.wallet(now: later)
            #expect(edited.rememberedEntries > 0)
            expectSame(edited, try afresh(library))
        }
    }

    @Test func aFolderEntryNamingADiscFolderAmongTheNewLinesResolvesEveryLineAgain() throws {
        let (library, lines) = try library()
        _ = try library.wallet(now: later)
        try library.playlist((lines + ["Ada/Engines/"]).joined(separator: "\n") + "\n")
        let album = try library.wallet(now: later)
        #expect(album.rememberedEntries == lines.filter(isTrack).count)
        expectSame(album, try afresh(library))

        try library.playlist((lines + ["Set/CD1/"]).joined(separator: "\n") + "\n")
        let disc = try library.wallet(now: later)
        #expect(disc.rememberedEntries == 0)
        expectSame(disc, try afresh(library))
    }

    /// An edited playlist is read a block at a time (64 KiB): a BOM, CRLF line ends, lines cut
    /// by a block's end and a last line without a line feed read as in a file read whole.
    @Test func aBigPlaylistIsReadInBlocksAsIfWhole() throws {
        let (library, lines) = try library()
        // Comments of uneven lengths between the lines carry each line across a block's end
        // somewhere: 140 KiB in all.
        var body: [String] = ["#EXTM3U"]
        for (index, line) in lines.enumerated() {
            for filler in 0..<12 {
                body.append("# " + String(repeating: "x", count: 997 + 131 * index + filler))
            }
            body.append("#EXTINF:123,Someone - Something \(index)")
            body.append(line)
        }
        func write(_ lines: [String]) throws {
            try library.write("CDs.m3u8", [0xEF, 0xBB, 0xBF] + Array(lines.joined(separator: "\r\n").utf8))
        }
        try write(body)
        let whole = try afresh(library)
        #expect(whole.wallet.discs.count == 6)
        let edited = body.filter { $0 != lines[0] }
        try write(edited)
        let report = try library.wallet(now: later)
        #expect(report.rememberedEntries == lines.filter(isTrack).count - 1)
        expectSame(report, try afresh(library))
        #expect(try library.wallet(now: later).remembered)
    }

    /// A `.m3u` edited: read in blocks while it is UTF-8; one that is not (a Windows-1252 `é`
    /// in a comment) is read whole and resolved again, each giving a full resolution's wallet.
    @Test func anEditedM3UIsResolvedAsItsEncodingSays() throws {
        let (library, lines) = try library()
        try FileManager.default.removeItem(atPath: library.root + "/CDs.m3u8")
        try library.playlist(lines.joined(separator: "\n") + "\n", name: "CDs.m3u")
        _ = try library.wallet(now: later)
        try library.playlist((["# edited"] + lines).joined(separator: "\n"), name: "CDs.m3u")
        let utf8 = try library.wallet(now: later)
        #expect(utf8.rememberedEntries == lines.filter(isTrack).count)
        #expect(utf8.encoding == .utf8)
        expectSame(utf8, try afresh(library))
        try library.write(
            "CDs.m3u", Array("# caf".utf8) + [0xE9, 0x0A] + Array(lines.joined(separator: "\n").utf8))
        let latin = try library.wallet(now: later)
        #expect(latin.rememberedEntries == 0)
        #expect(latin.encoding == .windows1252)
        expectSame(latin, try afresh(library))
    }
}
