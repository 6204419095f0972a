import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A cut in the middle of a playlist change (docs/PRODUCT.md §11): the writer is held by strace
/// at a chosen system call on the playlist and killed there with SIGKILL. The playlist is then
/// the old bytes, the new, or torn with the old kept beside it; the next command puts a torn
/// file back and says so, and leaves no temporary file or backup behind.
@Suite(.enabled(if: Strace.works, "strace cannot trace here"))
struct PlaylistCutTests {
    private static let old = "#EXTM3U\nPrince/1999/01 1999 1.flac\nBjörk/Post/01 Post 1.flac\n"

    /// Runs `arguments` held for a minute at `call` on the playlist, kills it once `ready`
    /// holds, and gives the playlist's bytes then.
    private func cut(
        _ cli: CLI, _ library: TestLibrary, _ arguments: [String], at call: String,
        when ready: () throws -> Bool
    ) async throws -> String {
        let playlist = library.root + "/CDs.m3u8"
        let strace = try #require(Strace.path)
        let command = Task {
            try await cli.run(
                arguments + ["--library", library.root],
                wrapper: [
                    strace, "-f", "-o", "/dev/null", "-P", playlist, "-e",
                    "inject=\(call):delay_enter=60000000",
                ])
        }
        #expect(try await PlaylistFiles.wait(for: ready))
        #expect(try PlaylistFiles.killCommand(arguments[0], of: library.root))
        let result = try await command.value
        #expect(result.status != 0)
        return try PlaylistFiles.text(playlist)
    }

    /// A library whose playlist (1999 and Post) has a second hard link, so that even root
    /// writes it in place.
    private func linkedLibrary() throws -> TestLibrary {
        let library = try PlaylistFiles.library()
        try library.playlist(Self.old)
        let other = (library.root as NSString).deletingLastPathComponent + "/CDs copy.m3u8"
        try #require(link(library.root + "/CDs.m3u8", other) == 0)
        return library
    }

    @Test func aTornPlaylistIsPutBackByTheNextCommandWhichSaysSo() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try linkedLibrary()
        #expect(try await cli.run(["scan", "--library", library.root]).status == 0)
        let playlist = library.root + "/CDs.m3u8"
        // Held at the cut to the new length: the shorter new bytes are written over the old.
        let torn = try await cut(cli, library, ["remove", "prince"], at: "ftruncate") {
            try PlaylistFiles.text(playlist) != Self.old
        }
        #expect(torn.hasPrefix("#EXTM3U\nBjörk/Post/01 Post 1.flac\n"), "\(torn)")
        #expect(torn.utf8.count == Self.old.utf8.count)
        #expect(try PlaylistFiles.leftovers(in: library.root) == [".CDs.m3u8.cdwally-backup"])
        let discs = try await cli.run(["discs", "--library", library.root])
        #expect(discs.status == 0, "\(discs.stderr)")
        #expect(
            discs.stderr.contains(
                "cdwally: \(playlist) was cut off in the middle of a change; its old version is put back\n"),
            "\(discs.stderr)")
        #expect(try PlaylistFiles.text(playlist) == Self.old)
        #expect(discs.stdout.contains("1999") && discs.stdout.contains("Post"), "\(discs.stdout)")
        #expect(try PlaylistFiles.leftovers(in: library.root).isEmpty)
        // Said once: the next command finds nothing to put back.
        let again = try await cli.run(["discs", "--library", library.root])
        #expect(!again.stderr.contains("cut off"), "\(again.stderr)")
    }

    /// The running player puts a torn playlist back by itself, says so, and plays on.
    @Test func aRunningPlayerPutsATornPlaylistBack() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try linkedLibrary()
        let serve = try await startServe(cli, library)
        defer { serve.signal(SIGKILL) }
        let playlist = library.root + "/CDs.m3u8"
        _ = try await cut(cli, library, ["remove", "prince"], at: "ftruncate") {
            try PlaylistFiles.text(playlist) != Self.old
        }
        try await serve.waitUntil("the playlist put back") {
            try PlaylistFiles.text(playlist) == Self.old && PlaylistFiles.leftovers(in: library.root).isEmpty
        }
        try await serve.waitUntil("the player to say so") {
            serve.stderr.contains(
                "\(playlist) was cut off in the middle of a change; its old version is put back")
        }
        #expect((try await cli.run(["status"])).status == 0)
    }

    @Test func aCutAfterTheOldBytesAreKeptLeavesThemAndTheBackupGoesQuietly() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try linkedLibrary()
        #expect(try await cli.run(["scan", "--library", library.root]).status == 0)
        let playlist = library.root + "/CDs.m3u8"
        let left = try await cut(cli, library, ["remove", "prince"], at: "pwrite64") {
            FileManager.default.fileExists(atPath: library.root + "/.CDs.m3u8.cdwally-backup")
        }
        #expect(left == Self.old)
        let discs = try await cli.run(["discs", "--library", library.root])
        #expect(discs.status == 0, "\(discs.stderr)")
        #expect(!discs.stderr.contains("cut off"), "\(discs.stderr)")
        #expect(try PlaylistFiles.text(playlist) == Self.old)
        #expect(try PlaylistFiles.leftovers(in: library.root).isEmpty)
    }

    /// The usual write (a new file renamed in), cut before its rename: the old bytes stay, and
    /// the next command sweeps the temporary file the dead writer left (issue 37, item 2).
    @Test func aCutBeforeTheRenameLeavesTheOldBytesAndTheNextCommandSweeps() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try PlaylistFiles.library()
        #expect(try await cli.run(["scan", "--library", library.root]).status == 0)
        let playlist = library.root + "/CDs.m3u8"
        let before = try PlaylistFiles.text(playlist)
        let left = try await cut(cli, library, ["add", "post"], at: "renameat2") {
            try !PlaylistFiles.leftovers(in: library.root).isEmpty
        }
        #expect(left == before)
        #expect(try PlaylistFiles.leftovers(in: library.root).count == 1)
        let discs = try await cli.run(["discs", "--library", library.root])
        #expect(discs.status == 0, "\(discs.stderr)")
        #expect(!discs.stderr.contains("cut off"), "\(discs.stderr)")
        #expect(try PlaylistFiles.text(playlist) == before)
        #expect(try PlaylistFiles.leftovers(in: library.root).isEmpty)
        // An add then works as ever.
        let added = try await cli.run(["add", "post", "--library", library.root])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try PlaylistFiles.text(playlist).contains("Björk/Post/01 Post 1.flac\n"))
    }
}
