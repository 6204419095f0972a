import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyLibrary

/// The wallet remembered between commands (`WalletMemo`), on real tagged files and a real
/// index: it answers only while the playlist and every folder and file it was built from are
/// unchanged, and a command after any change sees the wallet that change makes.
@Suite struct WalletMemoTests {
    /// A clock far enough ahead that every file the test made counts as settled: a ctime
    /// cannot be set back, and waiting would make the test slow.
    private let later = Int64(Date().timeIntervalSince1970 + 60) * 1_000_000_000

    /// Two albums, one on CD1/CD2 folders, a folder entry, a stream, and a line that names a
    /// file cdwally does not play.
    private func library() throws -> TestLibrary {
        let library = try TestLibrary()
        try library.addAlbum("Ada/Engines", artist: "Ada", album: "Engines", tracks: 3)
        try library.add("Set/CD1/01 One.flac", tags: ["ARTIST": "S", "ALBUM": "Set", "TRACKNUMBER": "1"])
        try library.add("Set/CD2/01 Two.flac", tags: ["ARTIST": "S", "ALBUM": "Set", "TRACKNUMBER": "1"])
        try library.addAlbum("Bo/Live", artist: "Bo", album: "Live")
        try library.write("Ada/Engines/notes.txt", Array("liner notes".utf8))
        try library.playlist(
            """
            #EXTM3U
            Ada/Engines/02 Engines 2.flac
            Set/CD1/01 One.flac
            Bo
            http://radio.example/stream
            Ada/Engines/notes.txt

            """)
        return library
    }

    private func titles(_ report: WalletReport) -> [String] {
        report.wallet.discs.flatMap { $0.tracks.map(\.title) }
    }

    @Test func anUnchangedLibraryIsAnsweredFromTheMemoWithTheSameReport() throws {
        let library = try library()
        let first = try library.wallet(now: later)
        #expect(!first.remembered)
        #expect(first.wallet.discs.map(\.title) == ["Engines", "Live", "Set"])
        #expect(first.entries.streams == 1 && first.entries.unavailable.map(\.line) == [6])
        let second = try library.wallet(now: later)
        #expect(second.remembered)
        #expect(second.wallet == first.wallet)
        #expect(second.entries == first.entries)
        #expect(second.encoding == first.encoding && second.choice == first.choice)
        // Another capacity is another wallet.
        let capped = try library.wallet(capacity: 1, now: later)
        #expect(!capped.remembered && capped.wallet.discs.count == 1 && capped.wallet.total == 3)
    }

    @Test func aTrackRetaggedAddedOrRemovedIsSeenAtOnce() throws {
        let library = try library()
        _ = try library.wallet(now: later)

        try library.keepingModificationTime(of: library.root + "/Bo/Live/01 Live 1.flac") {
            try library.add(
                "Bo/Live/01 Live 1.flac", tags: ["ARTIST": "Bo", "ALBUM": "Live", "TITLE": "Encore"])
        }
        // Retagged in place with its modification time put back: only its ctime tells, and
        // the index (which trusts size and mtime) keeps what it read; the memo must not hide
        // that the index is asked again.
        #expect(try !library.wallet(now: later).remembered)

        try library.add("Bo/Live/03 Live 3.flac", tags: ["ARTIST": "Bo", "ALBUM": "Live", "TITLE": "Live 3"])
        let added = try library.wallet(now: later)
        #expect(!added.remembered && titles(added).contains("Live 3"))

        try library.add(
            "Ada/Engines/01 Engines 1.flac", tags: ["ARTIST": "Ada", "ALBUM": "Engines", "TITLE": "New"])
        let retagged = try library.wallet(now: later)
        #expect(!retagged.remembered && titles(retagged).contains("New"))

        try FileManager.default.removeItem(atPath: library.root + "/Ada/Engines/03 Engines 3.flac")
        let removed = try library.wallet(now: later)
        #expect(!removed.remembered && !titles(removed).contains("Engines 3"))
        #expect(try library.wallet(now: later).remembered)
    }

    @Test func aNewDiscFolderBesideTheOthersJoinsTheAlbum() throws {
        let library = try library()
        _ = try library.wallet(now: later)
        try library.add("Set/CD3/01 Three.flac", tags: ["ARTIST": "S", "ALBUM": "Set", "TRACKNUMBER": "1"])
        let report = try library.wallet(now: later)
        #expect(!report.remembered)
        #expect(report.wallet.discs.first { $0.title == "Set" }?.tracks.map(\.disc) == [1, 2, 3])
    }

    @Test func anEditedPlaylistOrAnIndexChangeElsewhereIsResolvedAgain() throws {
        let library = try library()
        _ = try library.wallet(now: later)
        try library.playlist("Bo/Live/01 Live 1.flac\n")
        let edited = try library.wallet(now: later)
        #expect(!edited.remembered && edited.wallet.discs.map(\.title) == ["Live"])
        #expect(try library.wallet(now: later).remembered)

        // A scan that changed the index anywhere: its generation is part of the key.
        try library.addAlbum("Elsewhere/Other", artist: "O", album: "Other")
        _ = try library.service().scan()
        #expect(try !library.wallet(now: later).remembered)
    }

    /// An export of another computer's library: most lines lead nowhere, each after a search
    /// of the whole index. They are remembered with every folder of the tree and the deepest
    /// folder each path reached, so only a change that could find one resolves them again.
    /// (The playlist is kept beside the library, whose lines may point anywhere below it.)
    @Test func entriesThatLeadNowhereAreRememberedUntilSomethingCouldFindThem() throws {
        let library = try library()
        let base = (library.root as NSString).deletingLastPathComponent
        var lines = ["#EXTM3U", "Music/Bo/Live/01 Live 1.flac"]
        for number in 1...200 {
            lines += [
                "#EXTINF:200,Zed - Song \(number)",
                "/cdwally-nowhere/Zed/Songs/\(number) Song \(number).flac",
            ]
        }
        lines.append("Elsewhere/Kit/01 Kit.flac")
        let playlist = base + "/Export.m3u8"
        try library.write("../Export.m3u8", Array((lines.joined(separator: "\n") + "\n").utf8))
        func wallet() throws -> WalletReport { try library.wallet(playlist: playlist, now: later) }
        let first = try wallet()
        #expect(!first.remembered && first.entries.unavailable.count == 201)
        let second = try wallet()
        #expect(second.remembered && second.entries == first.entries)

        // A song of the export arrives anywhere in the library: found by its #EXTINF, with the
        // whole tree's stamps behind it, that answer is remembered too, route and all.
        try library.add(
            "Zed/Songs/07 Song 7.flac", tags: ["ARTIST": "Zed", "ALBUM": "Songs", "TITLE": "Song 7"])
        let arrived = try wallet()
        #expect(!arrived.remembered && arrived.entries.resolvedByTags == 1)
        #expect(arrived.wallet.discs.map(\.title) == ["Live", "Songs"])
        let warm = try wallet()
        #expect(warm.remembered && warm.entries == arrived.entries)
        #expect(
            warm.entries.rerouted.map(\.route) == [.tags(RawPath(library.root + "/Zed/Songs/07 Song 7.flac"))]
        )

        // Another file arrives anywhere (it may be a better match): resolved again.
        try library.add(
            "Ada/Engines/09 Bonus.flac", tags: ["ARTIST": "Ada", "ALBUM": "Engines", "TITLE": "Bonus"])
        #expect(try !wallet().remembered)
        #expect(try wallet().remembered)
        // The song found is retagged in place: resolved again, now found by its file's name in
        // the folder named like the line's, no longer by its title.
        try library.add(
            "Zed/Songs/07 Song 7.flac", tags: ["ARTIST": "Zed", "ALBUM": "Songs", "TITLE": "Another"])
        let retagged = try wallet()
        #expect(!retagged.remembered)
        #expect(
            retagged.entries.rerouted.map(\.route) == [
                .nameInFolder(RawPath(library.root + "/Zed/Songs/07 Song 7.flac"))
            ])
        try FileManager.default.removeItem(atPath: library.root + "/Zed")
        #expect(try wallet().entries.unavailable.count == 201)
        #expect(try wallet().remembered)

        // A file appears at the path a line names, outside the library, where not even its
        // folder was: the folder the search stopped in changed.
        try library.add(
            "../Elsewhere/Kit/01 Kit.flac", tags: ["ARTIST": "Kit", "ALBUM": "Kit", "TITLE": "Kit"])
        let found = try wallet()
        #expect(!found.remembered && found.entries.unavailable.count == 200)
        #expect(found.wallet.discs.map(\.title) == ["Live", "Kit"])
    }

    /// A line found in another case depends on folders the search by case listed, and a link
    /// on the link's own folder: neither is among the memo's stamps.
    @Test func entriesFoundInAnotherCaseAreNeverRemembered() throws {
        let library = try library()
        try library.playlist("ada/engines/02 ENGINES 2.flac\n")
        let first = try library.wallet(now: later)
        #expect(first.entries.rerouted.count == 1 && first.wallet.discs.count == 1)
        #expect(try !library.wallet(now: later).remembered)
    }

    @Test func aResolutionThatMetAProblemIsNotRememberedSoItIsReportedEachTime() throws {
        let library = try library()
        // A link back to its own ancestor below the folder entry "Bo": the walk reports a loop.
        try FileManager.default.createSymbolicLink(
            atPath: library.root + "/Bo/Live/up", withDestinationPath: "..")
        let first = try library.wallet(now: later)
        let second = try library.wallet(now: later)
        #expect(!first.scan.problems.isEmpty)
        #expect(second.scan.problems.count == first.scan.problems.count && !second.remembered)
    }

    @Test func filesChangedJustBeforeAreNotRemembered() throws {
        let library = try library()
        // By the real clock every file changed a moment ago: a change within the timestamp
        // granularity could hide behind an unchanged stamp, so nothing is remembered.
        _ = try library.wallet()
        #expect(try !library.wallet().remembered)
        let memo = try #require(try library.service().index.walletMemo)
        #expect(!FileManager.default.fileExists(atPath: memo.display))
    }

    @Test func aDamagedMemoIsIgnoredAndWrittenAgain() throws {
        let library = try library()
        let first = try library.wallet(now: later)
        let memo = try #require(try library.service().index.walletMemo)
        var bytes = try #require(FileManager.default.contents(atPath: memo.display))
        for cut in [bytes.count - 1, bytes.count / 2, 20, 3] {
            try bytes.prefix(cut).write(to: URL(fileURLWithPath: memo.display))
            let report = try library.wallet(now: later)
            #expect(!report.remembered && report.wallet == first.wallet)
        }
        // Offsets far past the end (the header's two numbers follow the 12-byte magic): no
        // more is read, or allocated, than the file holds.
        var huge = try #require(FileManager.default.contents(atPath: memo.display))
        huge.replaceSubrange(12..<28, with: repeatElement(0x7F, count: 16))
        try huge.write(to: URL(fileURLWithPath: memo.display))
        let misplaced = try library.wallet(now: later)
        #expect(!misplaced.remembered && misplaced.wallet == first.wallet)
        bytes = try #require(FileManager.default.contents(atPath: memo.display))
        bytes[bytes.count - 1] ^= 0xFF
        bytes.append(0)
        try bytes.write(to: URL(fileURLWithPath: memo.display))
        let trailing = try library.wallet(now: later)
        #expect(!trailing.remembered && trailing.wallet == first.wallet)
        #expect(try library.wallet(now: later).remembered)
    }

    /// A rebuilt index counts its generations from the start again, so a wallet remembered
    /// under the old one could match a new generation by chance: the rebuild forgets it.
    @Test func aRebuiltIndexForgetsTheRememberedWallet() throws {
        let library = try library()
        let first = try library.wallet(now: later)
        #expect(try library.wallet(now: later).remembered)
        let index = try library.service().index
        let memo = try #require(index.walletMemo)
        #expect(FileManager.default.fileExists(atPath: memo.display))
        try Data("this is not a database".utf8).write(to: URL(fileURLWithPath: index.file))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: index.file + suffix) }
        // Opening the index rebuilds it, and the memo goes with the old one.
        _ = try library.service()
        #expect(!FileManager.default.fileExists(atPath: memo.display))
        let rebuilt = try library.wallet(now: later)
        #expect(!rebuilt.remembered && rebuilt.wallet == first.wallet)
        #expect(try library.wallet(now: later).remembered)
    }
}
