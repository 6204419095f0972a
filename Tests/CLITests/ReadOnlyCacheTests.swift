import Foundation
import TestSupport
import Testing

/// The index is a cache: a cache folder that cannot be written (a read-only root on a Pi, a
/// sandboxed unit) never stops a command. The folder is a real tmpfs mounted read-only.
@Suite(.enabled(if: SmallDisk.isAvailable, "needs root to mount a read-only tmpfs"))
struct ReadOnlyCacheTests {
    @Test func aReadOnlyCacheFolderGivesWayToAPrivateTemporaryOne() async throws {
        var cli = try CLI()
        defer { cli.remove() }
        let disk = try SmallDisk(kilobytes: 256)
        try disk.makeReadOnly()
        cli.environment["XDG_CACHE_HOME"] = disk.path + "/cache"
        cli.environment["TMPDIR"] = cli.home + "/tmp"
        try FileManager.default.createDirectory(atPath: cli.home + "/tmp", withIntermediateDirectories: true)
        let library = try TestLibrary()
        let discs = try await discsOfOneAlbum(cli, library)
        let lines = discs.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(discs.stderr)")
        let warning = String(lines.first ?? "")
        #expect(
            warning.contains("cannot write the index in \(disk.path)/cache/cdwally (Read-only file system)"))
        #expect(warning.contains("using a temporary index in \(cli.home)/tmp/cdwally-0-cache"))
        #expect(warning.contains("XDG_CACHE_HOME"))
        // The temporary index lasts from one command to the next.
        let scan = try await cli.run(["scan", "--library", library.root, "--json"])
        #expect(scan.status == 0 && scan.stdout.contains("\"added\": 0"), "\(scan.stdout)\(scan.stderr)")
    }

    /// With nowhere at all to write (cache, temporary and state folders read-only), the index
    /// lives in memory for the command.
    @Test func withNowhereToWriteTheIndexLivesInMemory() async throws {
        var cli = try CLI()
        defer { cli.remove() }
        let disk = try SmallDisk(kilobytes: 256)
        try disk.makeReadOnly()
        for variable in ["XDG_CACHE_HOME", "TMPDIR", "XDG_STATE_HOME"] {
            cli.environment[variable] = disk.path + "/" + variable.lowercased()
        }
        let discs = try await discsOfOneAlbum(cli, try TestLibrary())
        #expect(discs.stderr.split(separator: "\n").count == 1, "\(discs.stderr)")
        #expect(discs.stderr.contains("keeping the index in memory"))
    }

    /// `cdwally discs` of a library of one album, which it must show whatever the cache.
    private func discsOfOneAlbum(_ cli: CLI, _ library: TestLibrary) async throws -> CLI.Result {
        try library.addAlbum("First", artist: "A", album: "First")
        try library.playlist("First/\n")
        let discs = try await cli.run(["discs", "--library", library.root])
        #expect(discs.status == 0, "\(discs.stderr)")
        #expect(discs.stdout.contains("First"))
        return discs
    }
}
