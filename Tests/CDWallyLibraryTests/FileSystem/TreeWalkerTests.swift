import CDWallyCore
import CDWallySystem
import Foundation
import TestSupport
import Testing

@testable import CDWallyLibrary

/// The walk lists directories ahead of the visit, on every core; these pin down that the
/// visit is still the plain depth-first walk in byte order, with its rules for links.
@Suite struct TreeWalkerTests {
    @Test func visitsDepthFirstInByteOrder() throws {
        let tree = try TemporaryDirectory()
        defer { tree.remove() }
        for folder in ["b", "a/y", "a/x", "a b", "a/x/deep"] { try make(folder, in: tree) }
        var walker = TreeWalker()
        var visited: [String] = []
        walker.walk(tree.path) { visited.append(relative($0.directory, to: tree)) }
        #expect(visited == ["", "a", "a/x", "a/x/deep", "a/y", "a b", "b"])
        #expect(walker.problems.isEmpty)
    }

    @Test func fscksFolderAtTheTopIsNotEnteredAndOneDeeperIs() throws {
        let tree = try TemporaryDirectory()
        defer { tree.remove() }
        for folder in ["lost+found/#1234", "Artist/lost+found"] { try make(folder, in: tree) }
        var walker = TreeWalker()
        var visited: [String] = []
        walker.walk(tree.path) { visited.append(relative($0.directory, to: tree)) }
        #expect(visited == ["", "Artist", "Artist/lost+found"])
        #expect(walker.problems.isEmpty)
    }

    @Test func aFolderReachedTwiceIsVisitedOnceUnderItsRealPath() throws {
        // `A/z` leads to `B`. Depth first, `A/z` comes before `B`, but folders reached through
        // a link come last, so `B`'s files are found under `B`: the path a playlist entry
        // through the link is resolved to (docs/PRODUCT.md §8).
        let tree = try TemporaryDirectory()
        defer { tree.remove() }
        try make("A", in: tree)
        try make("B", in: tree)
        _ = try tree.copy(fixture: "tagged.flac", as: RawPath("B/song.flac"))
        try FileManager.default.createSymbolicLink(
            atPath: tree.path.appending("A/z").display, withDestinationPath: "../B")
        var walker = TreeWalker(statFile: AudioFileTypes.isAudio(fileName:))
        var files: [String] = []
        var visited: [String] = []
        walker.walk(tree.path) { listing in
            visited.append(relative(listing.directory, to: tree))
            files += listing.files.map { relative($0.path, to: tree) }
        }
        #expect(visited == ["", "A", "B"])
        #expect(files == ["B/song.flac"])
    }

    @Test func loopsAndUnreadableFoldersAreReportedWhereTheWalkMeetsThem() throws {
        let tree = try TemporaryDirectory()
        defer { tree.remove() }
        try make("a", in: tree)
        try make("c", in: tree)
        try FileManager.default.createSymbolicLink(
            atPath: tree.path.appending("a/up").display, withDestinationPath: "..")
        var walker = TreeWalker()
        var visited: [String] = []
        walker.walk(tree.path) { visited.append(relative($0.directory, to: tree)) }
        #expect(visited == ["", "a", "c"])
        #expect(walker.problems == [.loop(tree.path.appending("a/up"))])

        let missing = tree.path.appending("nowhere")
        var lost = TreeWalker()
        lost.walk(missing) { _ in Issue.record("nothing to visit") }
        #expect(lost.problems.count == 1)
        #expect(lost.problems.first?.description.contains("nowhere") == true)
    }

    @Test func listingsCarryTheStatusOfTheFilesAskedFor() throws {
        let tree = try TemporaryDirectory()
        defer { tree.remove() }
        try make("sub", in: tree)
        let song = try tree.copy(fixture: "tagged.flac", as: RawPath("song.flac"))
        _ = try tree.copy(fixture: "tagged.flac", as: RawPath("cover.jpg"))
        let listing = try DirectoryListing.read(tree.path, statFile: AudioFileTypes.isAudio(fileName:))
        let byName = Dictionary(
            uniqueKeysWithValues: listing.files.map { ($0.path.lastComponent.display, $0) })
        #expect(byName["song.flac"]?.status == FileStatus.of(song))
        #expect(byName["cover.jpg"]?.status == nil)
        #expect(listing.subdirectories.first?.status?.kind == .directory)
    }

    @Test func audioFileNamesAreKnownByTheirBytesAsByTheirPaths() {
        let names = [
            "a.flac", "B.FLAC", "c.Mp3", "song.opus", ".flac", "noext", "a.flac.txt", "a.", "été.ogg",
            "x.ＦＬＡＣ", "x.aiff", "x.aiffx", "dir.m4a/", "deep/dir/x.wv",
        ]
        for name in names {
            let path = RawPath(name)
            let byBytes = AudioFileTypes.isAudio(fileName: path.lastComponent.bytes[...])
            #expect(
                AudioFileTypes.isAudio(path) == AudioFileTypes.extensions.contains(path.fileExtension),
                "\(name)")
            #expect(byBytes == AudioFileTypes.isAudio(path), "\(name)")
        }
    }

    @Test func playlistNamesAreKnownByTheirBytesAsByTheirText() {
        let names = [
            "CDs.m3u8", "cds.M3U", "CDS.M3U8", "x/CDs.m3u", "CDs.m3u/", "CDs.m3u8.bak", "xCDs.m3u", "CDs.m3",
            "cdſ.m3u", "ＣDs.m3u", "CDs.pls",
        ]
        for name in names {
            let path = RawPath(name)
            let text = path.lastComponent.display.lowercased()
            #expect(
                AudioFileTypes.isWalletPlaylist(path) == (text == "cds.m3u" || text == "cds.m3u8"), "\(name)")
        }
    }

    @Test func aListingCanLeaveFilesOut() throws {
        let tree = try TemporaryDirectory()
        defer { tree.remove() }
        _ = try tree.copy(fixture: "tagged.flac", as: RawPath("song.flac"))
        _ = try tree.copy(fixture: "tagged.flac", as: RawPath("CDs.m3u8"))
        try make("sub", in: tree)
        let listing = try DirectoryListing.read(
            tree.path, keepFile: AudioFileTypes.isWalletPlaylist(fileName:))
        #expect(listing.files.map(\.path.lastComponent.display) == ["CDs.m3u8"])
        #expect(listing.subdirectories.count == 1)
    }

    /// /proc reaches the whole disk again through each process's `root`: links to the kernel's
    /// file systems are never followed, and a link to a folder holding the tree is a loop.
    @Test func pseudoFileSystemsAndFoldersAboveAreNeverWalked() throws {
        let tree = try TemporaryDirectory()
        defer { tree.remove() }
        try make("A", in: tree)
        for (link, target) in [("A/proc", "/proc"), ("A/sys", "/sys"), ("A/dev", "/dev"), ("A/up", "/")] {
            try FileManager.default.createSymbolicLink(
                atPath: tree.path.appending(link).display, withDestinationPath: target)
        }
        var walker = TreeWalker()
        var visited: [String] = []
        walker.walk(tree.path) { visited.append(relative($0.directory, to: tree)) }
        #expect(visited == ["", "A"])
        #expect(walker.problems == [.loop(tree.path.appending("A/up"))])

        var inside = TreeWalker()
        inside.walk(RawPath("/proc")) { _ in Issue.record("walked /proc") }
        #expect(inside.problems == [.pseudoFileSystem(RawPath("/proc"))])
    }

    private func make(_ folder: String, in tree: TemporaryDirectory) throws {
        try FileManager.default.createDirectory(
            atPath: tree.path.appending(folder).display, withIntermediateDirectories: true)
    }

    private func relative(_ path: RawPath, to tree: TemporaryDirectory) -> String {
        String(path.display.dropFirst(tree.path.display.count)).trimmingCharacters(in: ["/"])
    }
}
