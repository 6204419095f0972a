import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyLibrary

/// The search for CDs playlists remembers the folders it listed, on a real file system: it
/// answers from the memo only while no folder changed, and finds what a change brought.
@Suite struct PlaylistSearchMemoTests {
    /// A library of a few folders with one CDs playlist, and a memo file beside it.
    private func library() throws -> (tree: TemporaryDirectory, root: RawPath, memo: RawPath) {
        let tree = try TemporaryDirectory()
        for folder in ["Music/A/Album", "Music/B/Album/CD1", "Music/B/Album/CD2", "Music/Lists"] {
            try FileManager.default.createDirectory(
                atPath: tree.path.appending(folder).display, withIntermediateDirectories: true)
        }
        try write("Music/Lists/CDs.m3u8", in: tree)
        return (tree, tree.path.appending("Music"), tree.path.appending("cache.playlists"))
    }

    private func write(_ name: String, in tree: TemporaryDirectory) throws {
        try Data("A/Album/01.flac\n".utf8).write(to: tree.file(name))
    }

    /// A clock far enough ahead that every folder made by the test counts as settled: a ctime
    /// cannot be set back, and waiting would make the test slow.
    private let later = Int64(Date().timeIntervalSince1970 + 60) * 1_000_000_000

    @Test func anUnchangedTreeIsAnsweredFromTheMemoWithTheSamePlaylists() throws {
        let (tree, root, memo) = try library()
        defer { tree.remove() }
        let walked = PlaylistFinder.playlists(under: root, memo: memo, now: later)
        #expect(!walked.remembered && walked.paths == [root.appending("Lists/CDs.m3u8")])
        let again = PlaylistFinder.playlists(under: root, memo: memo, now: later)
        #expect(again.remembered && again.paths == walked.paths)
        // Another root never reads this memo.
        #expect(!PlaylistFinder.playlists(under: root.appending("A"), memo: memo, now: later).remembered)
    }

    @Test func aPlaylistAddedRenamedOrRemovedDeepDownIsFound() throws {
        let (tree, root, memo) = try library()
        defer { tree.remove() }
        _ = PlaylistFinder.playlists(under: root, memo: memo, now: later)

        try write("Music/B/Album/CD2/cds.M3U", in: tree)
        let added = PlaylistFinder.playlists(under: root, memo: memo, now: later)
        #expect(!added.remembered)
        #expect(added.paths == [root.appending("B/Album/CD2/cds.M3U"), root.appending("Lists/CDs.m3u8")])

        try FileManager.default.moveItem(
            atPath: root.appending("B/Album/CD2").display, toPath: root.appending("B/Album/Disc 2").display)
        let renamed = PlaylistFinder.playlists(under: root, memo: memo, now: later)
        #expect(!renamed.remembered && renamed.paths.first == root.appending("B/Album/Disc 2/cds.M3U"))

        try FileManager.default.removeItem(atPath: root.appending("Lists").display)
        let removed = PlaylistFinder.playlists(under: root, memo: memo, now: later)
        #expect(!removed.remembered && removed.paths == [root.appending("B/Album/Disc 2/cds.M3U")])
        #expect(PlaylistFinder.playlists(under: root, memo: memo, now: later).remembered)
    }

    @Test func foldersChangedJustBeforeTheWalkAreNotRemembered() throws {
        let (tree, root, memo) = try library()
        defer { tree.remove() }
        // By the real clock the folders changed a moment ago: a change in the same instant as
        // the listing could be missed, so nothing is remembered and the next search walks.
        _ = PlaylistFinder.playlists(under: root, memo: memo)
        #expect(!PlaylistFinder.playlists(under: root, memo: memo).remembered)
        #expect(!FileManager.default.fileExists(atPath: memo.display))
    }

    @Test func aWalkWithProblemsIsNotRememberedSoTheyAreReportedEachTime() throws {
        let (tree, root, memo) = try library()
        defer { tree.remove() }
        // A link back to its own ancestor: the walk reports a loop.
        try FileManager.default.createSymbolicLink(
            atPath: root.appending("A/Album/up").display, withDestinationPath: "../..")
        let first = PlaylistFinder.playlists(under: root, memo: memo, now: later)
        let second = PlaylistFinder.playlists(under: root, memo: memo, now: later)
        #expect(first.problems.count == 1 && second.problems.count == 1 && !second.remembered)
        #expect(second.paths == [root.appending("Lists/CDs.m3u8")])
    }

    @Test func aDamagedMemoMeansAWalk() throws {
        let (tree, root, memo) = try library()
        defer { tree.remove() }
        _ = PlaylistFinder.playlists(under: root, memo: memo, now: later)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: memo.display))
        for damaged in [bytes.prefix(bytes.count - 3), bytes.prefix(20), Data("garbage".utf8), Data()] {
            try damaged.write(to: URL(fileURLWithPath: memo.display))
            let search = PlaylistFinder.playlists(under: root, memo: memo, now: later)
            #expect(!search.remembered && search.paths == [root.appending("Lists/CDs.m3u8")])
        }
        // Each walk wrote the memo again.
        #expect(PlaylistFinder.playlists(under: root, memo: memo, now: later).remembered)
    }

    @Test func theMemoKeepsPathsThatAreNotUTF8() throws {
        let (tree, root, memo) = try library()
        defer { tree.remove() }
        let folder = root.appending(RawPath(bytes: Array("Caf".utf8) + [0xE9]))
        #expect(folder.withCString { mkdir($0, 0o755) } == 0)
        let playlist = folder.appending("CDs.m3u")
        #expect(playlist.withCString { creat($0, 0o644) } >= 0)
        let walked = PlaylistFinder.playlists(under: root, memo: memo, now: later)
        let again = PlaylistFinder.playlists(under: root, memo: memo, now: later)
        #expect(again.remembered && again.paths == walked.paths && walked.paths.contains(playlist))
    }
}
