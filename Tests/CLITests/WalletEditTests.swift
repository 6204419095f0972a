import Foundation
import TestSupport
import Testing

/// `albums`, `add` and `remove` through the built binary (docs/PRODUCT.md §10): the whole
/// library to choose from, and the CDs playlist changed as little as it can.
@Suite struct WalletEditTests {
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        try library.addAlbum(
            "Sigur Rós/Ágætis byrjun", artist: "Sigur Rós", album: "Ágætis byrjun",
            extraTags: ["DATE": "1999"])
        try library.addAlbum(
            "Sigur Rós/Takk", artist: "Sigur Rós", album: "Takk...", extraTags: ["DATE": "2005"])
        try library.addAlbum("Prince/1999", artist: "Prince", album: "1999", extraTags: ["DATE": "1982"])
        try library.addAlbum(
            "Prince/1999 Deluxe", artist: "Prince", album: "1999 (Deluxe Edition)",
            extraTags: ["DATE": "1982"])
        try library.addAlbum("Björk/Post", artist: "Björk", album: "Post", extraTags: ["DATE": "1995"])
        return library
    }

    private func bytes(_ library: TestLibrary, _ name: String = "CDs.m3u8") throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: library.root + "/" + name)))
    }

    @Test func albumsListsTheWholeLibraryFilteredIgnoringCaseAndAccents() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist("#EXTM3U\nPrince/1999/01 1999 1.flac\n")
        let all = try await cli.json(["albums", "--library", library.root])
        #expect(all["total"] as? Int == 5)
        let albums = try #require(all["albums"] as? [[String: Any]])
        // Wallet order: artist sort key (Björk, Prince, Sigur Rós), then date.
        #expect(
            albums.map { $0["album"] as? String } == [
                "Post", "1999", "1999 (Deluxe Edition)", "Ágætis byrjun", "Takk...",
            ])
        #expect(albums.map { $0["inWallet"] as? Int } == [nil, 1, nil, nil, nil])
        // The deluxe edition is a row of its own, marked with the disc it would merge into.
        #expect(albums.map { $0["mergesInto"] as? Int } == [nil, nil, 1, nil, nil])
        #expect(
            Set(albums[0].keys)
                == [
                    "inWallet", "mergesInto", "hidden", "id", "albumArtist", "album", "date", "year",
                    "discCount",
                    "trackCount", "duration", "resume", "folder",
                ])
        let discs = try await cli.json(["discs", "--library", library.root])
        let disc = try #require((discs["discs"] as? [[String: Any]])?.first)
        #expect(disc["id"] as? String == albums[1]["id"] as? String)

        let filtered = try await cli.json(["albums", "sigur", "ROS", "--library", library.root])
        #expect(
            (filtered["albums"] as? [[String: Any]])?.map { $0["album"] as? String } == [
                "Ágætis byrjun", "Takk...",
            ])
        let year = try await cli.json(["albums", "sigur", "2005", "--library", library.root])
        #expect((year["albums"] as? [[String: Any]])?.map { $0["album"] as? String } == ["Takk..."])
        let accent = try await cli.json(["albums", "bjork", "--library", library.root])
        #expect((accent["albums"] as? [[String: Any]])?.map { $0["album"] as? String } == ["Post"])

        let text = try await cli.run(["albums", "prince", "--library", library.root])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Library: 2 albums, 1 of them in the wallet"))
        #expect(text.stdout.contains("=1"))
        let none = try await cli.run(["albums", "nothing", "here", "--library", library.root])
        #expect(none.status == 0)
        #expect(none.stderr == "cdwally: no album of the library matches \"nothing here\"\n")
    }

    @Test func addAndRemoveKeepEveryOtherByte() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        // CRLF, a BOM, #EXTINF hints, comments, a blank line, a stream, a line leading nowhere.
        let original =
            "\u{FEFF}#EXTM3U\r\n# my wallet\r\n#EXTINF:100,Prince - 1999 1\r\nPrince/1999/01 1999 1.flac\r\n\r\n"
            + "http://radio.example/stream\r\n#EXTINF:5,Nobody - Nothing\r\nGone/Away/01.flac\r\n#PLAYLIST:odd\r\n"
        try library.playlist(original)
        let added = try await cli.run(["add", "bjork", "post", "--library", library.root])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Added Björk — Post as disc 1 (CDs.m3u8)."))
        #expect(added.stdout.contains("Undo: cdwally remove "))
        let afterAdd = String(decoding: try bytes(library), as: UTF8.self)
        #expect(afterAdd == original + "#EXTINF:1,Björk - Post 1\r\nBjörk/Post/01 Post 1.flac\r\n")

        let again = try await cli.run(["add", "post", "--library", library.root])
        #expect(again.status == 0)
        #expect(again.stdout == "Björk — Post is disc 1 already; nothing changed.\n")
        let edition = try await cli.run(["add", "1999", "deluxe", "--library", library.root])
        #expect(edition.status == 0)
        #expect(edition.stdout.contains("is an edition of Prince — 1999, disc 2; nothing changed."))
        #expect(String(decoding: try bytes(library), as: UTF8.self) == afterAdd)

        // The undo line, as printed, gives back the very bytes.
        let undo = try #require(added.stdout.split(separator: "\n").last { $0.hasPrefix("Undo: ") })
        let removed = try await cli.run(
            undo.dropFirst(14).split(separator: " ").map(String.init) + ["--library", library.root])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(String(decoding: try bytes(library), as: UTF8.self) == original)

        // `remove -- 1999` reads 1999 as words; the disc goes with its hint, the BOM stays.
        let dry = try await cli.run(["remove", "--dry-run", "--library", library.root, "--", "1999"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("  4: Prince/1999/01 1999 1.flac"))
        #expect(String(decoding: try bytes(library), as: UTF8.self) == original)
        let gone = try await cli.run(["remove", "--library", library.root, "--", "1999"])
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect(
            String(decoding: try bytes(library), as: UTF8.self)
                == "\u{FEFF}#EXTM3U\r\n# my wallet\r\n\r\nhttp://radio.example/stream\r\n#EXTINF:5,Nobody - Nothing\r\n"
                + "Gone/Away/01.flac\r\n#PLAYLIST:odd\r\n")
    }

    @Test func removeTakesEveryLineOfTheDiscAndRefusesAFolderOfOthers() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist(
            "Prince/1999/01 1999 1.flac\nBjörk/Post/01 Post 1.flac\nPrince/1999 Deluxe/02 1999 (Deluxe Edition) 2.flac\n"
                + "Prince/1999/02 1999 2.flac\n")
        let removed = try await cli.run(["remove", "2", "--library", library.root])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("(lines 1, 3, 4)"))
        #expect(String(decoding: try bytes(library), as: UTF8.self) == "Björk/Post/01 Post 1.flac\n")

        try library.playlist("Sigur Rós\nBjörk/Post/01 Post 1.flac\n")
        let shared = try await cli.run(["remove", "takk", "--library", library.root])
        #expect(shared.status == 65)
        #expect(
            shared.stderr.hasPrefix(
                "cdwally: line 1 (Sigur Rós) of the CDs playlist leads to Sigur Rós — Takk..."))
        #expect(
            String(decoding: try bytes(library), as: UTF8.self) == "Sigur Rós\nBjörk/Post/01 Post 1.flac\n")
    }

    @Test func addWritesInThePlaylistsOwnStyle() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        // Absolute paths, no hints, no line end at the end.
        try library.playlist(library.root + "/Prince/1999/01 1999 1.flac")
        #expect(try await cli.run(["add", "post", "--library", library.root]).status == 0)
        #expect(
            String(decoding: try bytes(library), as: UTF8.self)
                == library.root + "/Prince/1999/01 1999 1.flac\n" + library.root
                + "/Björk/Post/01 Post 1.flac\n")

        // file:// URIs.
        try library.playlist("file://" + library.root + "/Prince/1999/01%201999%201.flac\n")
        #expect(try await cli.run(["add", "post", "--library", library.root]).status == 0)
        #expect(
            String(decoding: try bytes(library), as: UTF8.self).hasSuffix(
                "file://" + library.root + "/Bj%C3%B6rk/Post/01%20Post%201.flac\n"))

        // A Windows-1252 .m3u keeps its encoding: "Björk" is one byte ö (0xF6).
        try FileManager.default.removeItem(atPath: library.root + "/CDs.m3u8")
        try library.write(
            "CDs.m3u",
            Array("#EXTM3U\n#EXTINF:1,Sigur R".utf8) + [0xF3]
                + Array("s - x\nPrince/1999/01 1999 1.flac\n".utf8))
        #expect(try await cli.run(["add", "post", "--library", library.root]).status == 0)
        let m3u = try bytes(library, "CDs.m3u")
        #expect(
            Array(m3u.suffix(51))
                == Array("#EXTINF:1,Bj".utf8) + [0xF6] + Array("rk - Post 1\nBj".utf8) + [0xF6]
                + Array("rk/Post/01 Post 1.flac\n".utf8))
        #expect(m3u.starts(with: Array("#EXTM3U\n#EXTINF:1,Sigur R".utf8) + [0xF3]))
    }

    /// docs/PRODUCT.md §11: a full wallet takes no more (WalletCapacityTests has the rest).
    @Test func addToAFullWalletIsRefused() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist("Prince/1999/01 1999 1.flac\n")
        let added = try await cli.run(["add", "post", "--library", library.root, "--capacity", "1"])
        #expect(added.status == 64, "\(added.stderr)")
        #expect(String(decoding: try bytes(library), as: UTF8.self) == "Prince/1999/01 1999 1.flac\n")
    }

    @Test func addMakesAPlaylistWhenThereIsNone() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let added = try await cli.run(["add", "takk", "--library", library.root])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            added.stdout.hasPrefix(
                "Made the CDs playlist \(library.root)/CDs.m3u8.\nAdded Sigur Rós — Takk... as disc 1"))
        #expect(
            String(decoding: try bytes(library), as: UTF8.self)
                == "#EXTM3U\n#EXTINF:1,Sigur Rós - Takk... 1\nSigur Rós/Takk/01 Takk... 1.flac\n")
    }

    @Test func twentyAddsAtOnceGiveTwentyLines() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        for number in 1...20 {
            try library.addAlbum(
                "Band \(number)/Album", artist: "Band \(number)", album: "Album \(number)", tracks: 1)
        }
        try library.playlist("#EXTM3U\n")
        #expect(try await cli.run(["scan", "--library", library.root]).status == 0)
        let results = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for number in 1...20 {
                group.addTask {
                    try await cli.run(["add", "Band \(number)", "Album \(number)", "--library", library.root])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let lines = String(decoding: try bytes(library), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1 + 2 * 20)
        #expect(Set(lines.filter { !$0.hasPrefix("#") }).count == 20)
        let discs = try await cli.json(["discs", "--library", library.root, "--capacity", "0"])
        #expect(discs["total"] as? Int == 20)
    }

    @Test func aCopyAddedBesideAnAlbumLeavesItsIDAndPlace() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist("Björk/Post/01 Post 1.flac\n")
        let before = try await cli.json(["discs", "--library", library.root])
        let id = try #require((before["discs"] as? [[String: Any]])?.first?["id"] as? String)
        // A copy sorts before it (an older year, a folder earlier in byte order): under the old
        // rule it would have taken the plain id and the first one's saved place.
        try library.addAlbum("Björk/A Post copy", artist: "Björk", album: "Post", extraTags: ["DATE": "1994"])
        #expect(try await cli.run(["scan", "--library", library.root]).status == 0)
        try library.playlist("Björk/Post/01 Post 1.flac\nBjörk/A Post copy/01 Post 1.flac\n")
        let after = try await cli.json(["discs", "--library", library.root])
        let ids = (after["discs"] as? [[String: Any]])?.map {
            $0["album"] as? String == "Post" ? $0["id"] as? String : nil
        }
        #expect(ids?.count == 2)
        #expect(ids?.contains(id) == true)
        let albums = try await cli.json(["albums", "post", "--library", library.root])
        let listed = Set((albums["albums"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(listed.contains(id))
    }

    @Test func badInputChangesNothing() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let other = try TestLibrary()
        try other.addAlbum("Björk/Post", artist: "Björk", album: "Post (Live)")
        try library.playlist("#EXTM3U\nPrince/1999/01 1999 1.flac\n")
        let original = try bytes(library)
        func check(_ arguments: [String], status: Int32, _ message: String) async throws {
            let result = try await cli.run(arguments + ["--library", library.root])
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("cdwally: " + message), "\(arguments): \(result.stderr)")
            #expect(try bytes(library) == original)
        }
        try await check(
            ["add", "no", "such", "album"], status: 66, "no album of the library matches \"no such album\"")
        let foreign = try await cli.json(["albums", "post", "--library", other.root])
        let foreignID = try #require((foreign["albums"] as? [[String: Any]])?.first?["id"] as? String)
        try await check(["add", foreignID], status: 66, "no album of this library has the id \(foreignID)")
        try await check(
            ["add", other.root + "/Björk/Post"], status: 64, "\(other.root)/Björk/Post is outside the library"
        )
        try await check(["add", "sigur"], status: 64, "2 albums match \"sigur\"")
        try await check(["add", "1999"], status: 64, "3 albums match \"1999\"")
        try await check(["remove", "7"], status: 64, "there is no disc 7")
        try await check(["remove", "post"], status: 66, "Björk — Post is not in the wallet")

        // A playlist that is a FIFO is never opened for reading, nor replaced.
        let fifo = library.root + "/fifo.m3u8"
        #expect(mkfifo(fifo, 0o644) == 0)
        let pipe = try await cli.run(["add", "post", "--library", library.root, "--playlist", fifo])
        #expect(pipe.status != 0)
        #expect(pipe.stderr.contains("named pipe"), "\(pipe.stderr)")

        // Over 32 MiB: refused, untouched.
        let big = library.root + "/big.m3u8"
        let huge = Array(repeating: UInt8(ascii: "#"), count: 32 << 20) + [0x0A]
        try Data(huge).write(to: URL(fileURLWithPath: big))
        let large = try await cli.run(["add", "post", "--library", library.root, "--playlist", big])
        #expect(large.status == 65)
        #expect(large.stderr.contains("more than the 32 MiB cdwally edits"), "\(large.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: big)).count == huge.count)

        // A file without a write bit: not written, even by root.
        let path = library.root + "/CDs.m3u8"
        #expect(chmod(path, 0o444) == 0)
        try await check(
            ["add", "post"], status: 77, "cannot change the playlist \(path): it is not writable")
        #expect(chmod(path, 0o644) == 0)
    }

    @Test func aFullOrReadOnlyDiskLeavesThePlaylistWhole() async throws {
        guard SmallDisk.isAvailable else { return }
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let disk = try SmallDisk(kilobytes: 256)
        let playlist = disk.path + "/CDs.m3u8"
        let original = Array("#EXTM3U\n\(library.root)/Prince/1999/01 1999 1.flac\n".utf8)
        try Data(original).write(to: URL(fileURLWithPath: playlist))
        try disk.fill()
        let full = try await cli.run(["add", "post", "--library", library.root, "--playlist", playlist])
        #expect(full.status == 74, "\(full.stderr)")
        #expect(full.stderr.contains("the disk is full"), "\(full.stderr)")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: playlist))) == original)
        try disk.free()
        try disk.makeReadOnly()
        let readOnly = try await cli.run(["add", "post", "--library", library.root, "--playlist", playlist])
        #expect(readOnly.status == 73 || readOnly.status == 77, "\(readOnly.stderr)")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: playlist))) == original)
    }

    @Test func aRunningPlayerShowsTheChangeWithinASecondAndPlaysOn() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Prince/1999", artist: "Prince", album: "1999", tracks: 2, template: "long.flac")
        try library.addAlbum("Björk/Post", artist: "Björk", album: "Post", tracks: 1, template: "long.flac")
        try library.addAlbum(
            "ABBA/Arrival", artist: "ABBA", album: "Arrival", tracks: 1, template: "long.flac")
        try library.playlist("Prince/1999/01 1999 1.flac\nBjörk/Post/01 Post 1.flac\n")
        #expect(try await cli.run(["scan", "--library", library.root]).status == 0)
        let serve = try await startServe(cli, library)
        defer { serve.signal(SIGTERM) }
        #expect(try await cli.run(["disc", "2"]).status == 0)
        let playing = try await cli.json(["status"])
        let disc = try #require(playing["disc"] as? [String: Any])
        #expect(disc["album"] as? String == "1999")

        // ABBA sorts first: 1999 becomes disc 3 while it plays on.
        let added = try await cli.run(["add", "arrival", "--library", library.root])
        #expect(added.status == 0, "\(added.stderr)")
        let start = ContinuousClock.now
        var moved: [String: Any] = [:]
        while ContinuousClock.now - start < .seconds(5) {
            moved = try await cli.json(["status"])
            if (moved["disc"] as? [String: Any])?["position"] as? Int == 3 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(ContinuousClock.now - start < .seconds(1))
        let now = try #require(moved["disc"] as? [String: Any])
        #expect(now["position"] as? Int == 3)
        #expect(now["id"] as? String == disc["id"] as? String)
        #expect(moved["state"] as? String == "playing")

        // Removing the disc that plays does not cut it off.
        #expect(try await cli.run(["remove", "--library", library.root, "--", "1999"]).status == 0)
        try await Task.sleep(for: .milliseconds(1500))
        let after = try await cli.json(["status"])
        #expect(after["state"] as? String == "playing")
        #expect((after["disc"] as? [String: Any])?["id"] as? String == disc["id"] as? String)
    }

    /// Another program saves the playlist while `add` has written its new file and is about to
    /// swap it in: strace holds the binary at its rename for two seconds, an editor saves
    /// meanwhile, and `add` must read the file again and keep the editor's line.
    @Test(.enabled(if: Strace.works, "strace cannot trace here"))
    func aChangeMadeBetweenTheReadAndTheRenameIsKept() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.playlist("#EXTM3U\nPrince/1999/01 1999 1.flac\n")
        #expect(try await cli.run(["scan", "--library", library.root]).status == 0)
        let strace = try #require(Strace.path)
        let adding = Task {
            try await cli.run(
                ["add", "post", "--library", library.root],
                wrapper: [
                    strace, "-f", "-o", "/dev/null", "-e", "inject=renameat2:delay_enter=2000000:when=1",
                ])
        }
        // The new file beside the playlist: written, fsynced, waiting for its rename.
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .seconds(20) {
            let names = try FileManager.default.contentsOfDirectory(atPath: library.root)
            if names.contains(where: { $0.hasPrefix(".CDs.m3u8.cdwally-") }) { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        // An editor saves: a new file renamed over the playlist.
        let editor = library.root + "/.CDs.m3u8.editor"
        try Data("#EXTM3U\nPrince/1999/01 1999 1.flac\nSigur Rós/Takk/01 Takk... 1.flac\n".utf8)
            .write(to: URL(fileURLWithPath: editor))
        #expect(rename(editor, library.root + "/CDs.m3u8") == 0)
        let result = try await adding.value
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            String(decoding: try bytes(library), as: UTF8.self)
                == "#EXTM3U\nPrince/1999/01 1999 1.flac\nSigur Rós/Takk/01 Takk... 1.flac\n"
                + "Björk/Post/01 Post 1.flac\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: library.root).filter { $0.hasPrefix(".CDs") }
                .isEmpty)
    }
}
