import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A family's playlist changed by its members (docs/PRODUCT.md §11): it keeps its owner, group,
/// mode, ACL, extended attributes and hard links, and two members' changes at once are both
/// kept. The real binary, as other users through setpriv.
@Suite(
    .enabled(
        if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
        "needs root and /usr/bin/setpriv to act as other users"))
struct SharedPlaylistTests {
    static let ann: uid_t = 2001
    static let bob: uid_t = 2002
    static let cat: uid_t = 2003
    static let music: gid_t = 2100

    /// The library of `PlaylistFiles.library()` as a family keeps it: readable by all, the
    /// music folder setgid to `music` and writable by it, the playlist `owner`'s, group
    /// `music`, mode 0664.
    private func familyLibrary(owner: uid_t) throws -> TestLibrary {
        let library = try PlaylistFiles.library()
        try PlaylistFiles.tool(
            "/bin/chmod", ["-R", "a+rX", (library.root as NSString).deletingLastPathComponent])
        #expect(chown(library.root, 0, Self.music) == 0)
        #expect(chmod(library.root, 0o2775) == 0)
        #expect(chown(library.root + "/CDs.m3u8", owner, Self.music) == 0)
        #expect(chmod(library.root + "/CDs.m3u8", 0o664) == 0)
        return library
    }

    private func expectKept(
        _ path: String, owner: uid_t, acl: String?, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let info = PlaylistFiles.status(path)
        #expect(info?.st_uid == owner, sourceLocation: sourceLocation)
        #expect(info?.st_gid == Self.music, sourceLocation: sourceLocation)
        #expect(info.map { $0.st_mode & 0o7777 } == 0o664, sourceLocation: sourceLocation)
        if let acl { #expect(try PlaylistFiles.acl(of: path) == acl, sourceLocation: sourceLocation) }
        #expect(
            try PlaylistFiles.attribute("user.origin", of: path) == "family", sourceLocation: sourceLocation)
    }

    @Test func membersChangesKeepTheOwnerGroupModeACLAndAttributes() async throws {
        let library = try familyLibrary(owner: Self.ann)
        let playlist = library.root + "/CDs.m3u8"
        try #require(try PlaylistFiles.tool("/usr/bin/setfacl", ["-m", "u:\(Self.cat):rw", playlist]))
        try #require(
            try PlaylistFiles.tool("/usr/bin/setfattr", ["-n", "user.origin", "-v", "family", playlist]))
        let acl = try #require(try PlaylistFiles.acl(of: playlist))
        try #require(acl.contains("user:\(Self.cat):rw-"), "\(acl)")
        // Bob, a member who does not own it: written in place.
        let (bob, asBob) = try PlaylistFiles.user(Self.bob, groups: [Self.music])
        defer { bob.remove() }
        let added = try await bob.run(["add", "post", "--library", library.root], wrapper: asBob)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try PlaylistFiles.text(playlist).contains("Björk/Post/01 Post 1.flac\n"))
        try expectKept(playlist, owner: Self.ann, acl: acl)
        // Ann, its owner and a member: a new file renamed in, given all of it.
        let (ann, asAnn) = try PlaylistFiles.user(Self.ann, groups: [Self.music])
        defer { ann.remove() }
        let again = try await ann.run(["add", "takk", "--library", library.root], wrapper: asAnn)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try PlaylistFiles.text(playlist).contains("Sigur Rós/Takk/01 Takk... 1.flac\n"))
        try expectKept(playlist, owner: Self.ann, acl: acl)
        #expect(try PlaylistFiles.leftovers(in: library.root).isEmpty)
    }

    @Test func aHardLinkStaysALinkToTheNewBytes() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try PlaylistFiles.library()
        let playlist = library.root + "/CDs.m3u8"
        let other = (library.root as NSString).deletingLastPathComponent + "/Family copy.m3u8"
        try #require(link(playlist, other) == 0)
        let inode = PlaylistFiles.status(playlist)?.st_ino
        let added = try await cli.run(["add", "post", "--library", library.root])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(PlaylistFiles.status(playlist)?.st_ino == inode)
        #expect(PlaylistFiles.status(playlist)?.st_nlink == 2)
        #expect(try PlaylistFiles.bytes(other) == PlaylistFiles.bytes(playlist))
        #expect(try PlaylistFiles.text(other).contains("Björk/Post/01 Post 1.flac\n"))
        #expect(try PlaylistFiles.leftovers(in: library.root).isEmpty)
    }

    /// Two members add at once; the first is held in the middle of its write (strace delays
    /// its write into the file): the second waits for it, and both albums are in.
    @Test(.enabled(if: Strace.works, "strace cannot trace here"))
    func twoMembersAddsAtOnceAreBothKept() async throws {
        let library = try familyLibrary(owner: Self.cat)
        let playlist = library.root + "/CDs.m3u8"
        try #require(
            try PlaylistFiles.tool("/usr/bin/setfattr", ["-n", "user.origin", "-v", "family", playlist]))
        let (ann, asAnn) = try PlaylistFiles.user(Self.ann, groups: [Self.music])
        defer { ann.remove() }
        let (bob, asBob) = try PlaylistFiles.user(Self.bob, groups: [Self.music])
        defer { bob.remove() }
        let strace = try #require(Strace.path)
        let first = Task {
            try await ann.run(
                ["add", "post", "--library", library.root],
                wrapper: [
                    strace, "-f", "-o", "/dev/null", "-P", playlist, "-e",
                    "inject=pwrite64:delay_enter=3000000",
                ]
                    + asAnn)
        }
        // Ann's old bytes are kept: she holds the lock, her write waits.
        #expect(
            try await PlaylistFiles.wait {
                FileManager.default.fileExists(atPath: library.root + "/.CDs.m3u8.cdwally-backup")
            })
        let second = try await bob.run(["add", "takk", "--library", library.root], wrapper: asBob)
        #expect(second.status == 0, "\(second.stderr)")
        let result = try await first.value
        #expect(result.status == 0, "\(result.stderr)")
        let text = try PlaylistFiles.text(playlist)
        #expect(text.contains("Björk/Post/01 Post 1.flac\n"), "\(text)")
        #expect(text.contains("Sigur Rós/Takk/01 Takk... 1.flac\n"), "\(text)")
        try expectKept(playlist, owner: Self.cat, acl: nil)
        #expect(try PlaylistFiles.leftovers(in: library.root).isEmpty)
    }

    /// A playlist any user may write in a folder only root may: written in place, its old
    /// bytes kept in the writer's state folder meanwhile.
    @Test func aPlaylistInAFolderTheWriterCannotWriteIsWrittenInPlace() async throws {
        let library = try PlaylistFiles.library()
        let playlist = library.root + "/CDs.m3u8"
        try PlaylistFiles.tool(
            "/bin/chmod", ["-R", "a+rX", (library.root as NSString).deletingLastPathComponent])
        #expect(chmod(library.root, 0o755) == 0)
        #expect(chmod(playlist, 0o666) == 0)
        let (bob, asBob) = try PlaylistFiles.user(Self.bob, groups: [])
        defer { bob.remove() }
        let added = try await bob.run(["add", "post", "--library", library.root], wrapper: asBob)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try PlaylistFiles.text(playlist).contains("Björk/Post/01 Post 1.flac\n"))
        #expect(PlaylistFiles.status(playlist)?.st_uid == 0)
        #expect(PlaylistFiles.status(playlist).map { $0.st_mode & 0o777 } == 0o666)
        let state = try FileManager.default.subpathsOfDirectory(atPath: bob.home + "/state")
        #expect(!state.contains { $0.contains("playlist-backup-") }, "\(state)")
        #expect(try PlaylistFiles.leftovers(in: library.root).isEmpty)
    }
}
