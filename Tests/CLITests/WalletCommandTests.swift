import Foundation
import TestSupport
import Testing

/// The wallet commands run as a user runs them: the built binary, a private home, real
/// files. Checks stdout, stderr and the exit code (docs/PRODUCT.md §7).
@Suite struct WalletCommandTests {
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        try library.addAlbum("Zoé/Été", artist: "Zoé", album: "Été", tracks: 3, extraTags: ["DATE": "2004"])
        try library.addAlbum(
            "The Alphas/First/CD1", artist: "The Alphas", album: "First", extraTags: ["DISCNUMBER": "1"])
        try library.addAlbum(
            "The Alphas/First/CD2", artist: "The Alphas", album: "First", extraTags: ["DISCNUMBER": "2"])
        try library.playlist(
            "#EXTM3U\nZoé/Été/01 Été 1.flac\nThe Alphas/First/CD2/01 First 1.flac\nhttp://radio.example/x\n")
        return library
    }

    @Test func globalOptionsWorkBeforeAndAfterTheSubcommand() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let before = try await cli.run(["--library", library.root, "--capacity", "1", "discs"])
        let after = try await cli.run(["discs", "--library", library.root, "--capacity=1"])
        let mixed = try await cli.run(["--capacity=1", "discs", "--library", library.root])
        #expect(before.status == 0)
        #expect(before.stdout == after.stdout)
        #expect(before.stdout == mixed.stdout)
        #expect(before.stdout.contains("Alphas"))
        #expect(!before.stdout.contains("Zoé"))
    }

    @Test func discsJSONHasTheDocumentedShape() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let json = try await cli.json(["discs", "--library", library.root])
        #expect(json["playlist"] as? String == library.root + "/CDs.m3u8")
        #expect(json["capacity"] as? Int == 20)
        #expect(json["total"] as? Int == 2)
        let discs = try #require(json["discs"] as? [[String: Any]])
        #expect(discs.count == 2)
        #expect(
            Set(discs[0].keys)
                == [
                    "position", "id", "albumArtist", "album", "date", "year", "discCount", "trackCount",
                    "duration", "resume",
                ])
        #expect(discs.map { $0["position"] as? Int } == [1, 2])
        #expect(discs.map { $0["albumArtist"] as? String } == ["The Alphas", "Zoé"])
        #expect(discs[0]["discCount"] as? Int == 2)
        #expect(discs[0]["trackCount"] as? Int == 4)
        #expect(discs[0]["date"] is NSNull)
        #expect(discs[0]["year"] is NSNull)
        #expect(discs[1]["date"] as? String == "2004")
        #expect(discs[1]["year"] as? Int == 2004)
        #expect(discs[0]["resume"] is NSNull)
        #expect((discs[0]["duration"] as? Double ?? 0) > 0)
        #expect((discs[0]["id"] as? String)?.count == 16)
    }

    @Test func tracksListsPlayOrderAndRejectsAMissingDisc() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let json = try await cli.json(["tracks", "1", "--library", library.root])
        let disc = try #require(json["disc"] as? [String: Any])
        #expect(Set(disc.keys) == ["position", "id", "albumArtist", "album"])
        let tracks = try #require(json["tracks"] as? [[String: Any]])
        #expect(tracks.map { $0["index"] as? Int } == [1, 2, 3, 4])
        #expect(tracks.map { $0["disc"] as? Int } == [1, 1, 2, 2])
        #expect(tracks.map { $0["track"] as? Int } == [1, 2, 1, 2])
        #expect(Set(tracks[0].keys) == ["index", "disc", "track", "title", "artist", "path", "duration"])
        #expect(tracks[0]["path"] as? String == library.root + "/The Alphas/First/CD1/01 First 1.flac")

        let missing = try await cli.run(["tracks", "3", "--library", library.root])
        #expect(missing.status == 64)
        #expect(missing.stderr == "cdwally: there is no disc 3: the wallet holds 2 discs (1–2)\n")
        #expect(missing.stdout.isEmpty)
        let zero = try await cli.run(["tracks", "0", "--library", library.root])
        #expect(zero.status == 64)
    }

    @Test func missingLibraryAndMissingPlaylistExit66WithWhatWasTried() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let noLibrary = try await cli.run(["discs"])
        #expect(noLibrary.status == 66)
        #expect(noLibrary.stderr.contains(cli.home + "/Music"))
        #expect(noLibrary.stderr.contains("--library"))
        #expect(noLibrary.stderr.split(separator: "\n").count == 1)

        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        let noPlaylist = try await cli.run(["discs", "--library", library.root])
        #expect(noPlaylist.status == 66)
        let lines = noPlaylist.stderr.split(separator: "\n")
        #expect(lines.first?.contains("no CDs playlist in \(library.root)") == true)
        #expect(lines.count == 3)
        #expect(lines.last?.contains("CDs.m3u8") == true)

        let missingPlaylist = try await cli.run([
            "discs", "--library", library.root, "--playlist", "/nope/CDs.m3u8",
        ])
        #expect(missingPlaylist.status == 66)
        #expect(missingPlaylist.stderr.contains("/nope/CDs.m3u8"))
    }

    @Test func usageErrorsExit64() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        #expect(try await cli.run(["discs", "--no-such-flag"]).status == 64)
        #expect(try await cli.run(["discs", "--capacity", "-1"]).status == 64)
        #expect(try await cli.run(["tracks"]).status == 64)
        // A negative disc is a bad disc, not an unknown option.
        let negative = try await cli.run(["disc", "-1"])
        #expect(negative.status == 64)
        #expect(
            negative.stderr == "cdwally: disc takes a wallet position (1, 2, …), next, previous or random\n")
    }

    @Test func anUnknownCommandIsNamedWithAGuess() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let typo = try await cli.run(["stauts"])
        #expect(typo.status == 64)
        #expect(
            typo.stderr == "cdwally: unknown command 'stauts'; did you mean 'status'? (see cdwally --help)\n")
        let hoisted = try await cli.run(["--library", "/nowhere", "dsic", "2"])
        #expect(hoisted.status == 64)
        #expect(hoisted.stderr.contains("unknown command 'dsic'; did you mean 'disc'?"))
        let help = try await cli.run(["help", "nosuch"])
        #expect(help.status == 64)
        #expect(help.stderr == "cdwally: unknown command 'nosuch' (see cdwally --help)\n")
        #expect(try await cli.run(["help", "status"]).status == 0)
        #expect(try await cli.run(["prev", "--help"]).status == 0)
    }

    @Test func anEmptyWalletIsNotAnError() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("A", artist: "A", album: "A")
        try library.playlist("#EXTM3U\nmissing/song.flac\nhttp://radio.example/x\n")
        let result = try await cli.run(["discs", "--library", library.root])
        #expect(result.status == 0)
        #expect(result.stderr.contains("the wallet is empty: none of the 2 entries"))
        // Said once, on stderr; stdout has the table's heading.
        #expect(!result.stdout.contains("the wallet is empty"))
        #expect(result.stdout.hasPrefix("CD wallet: 0 discs"))
        let json = try await cli.json(["discs", "--library", library.root])
        #expect((json["discs"] as? [Any])?.isEmpty == true)
    }

    @Test func theCapacityNoticeIsShownOnce() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        for number in 1...3 { try library.addAlbum("\(number)", artist: "A\(number)", album: "X") }
        try library.playlist("1/\n2/\n3/\n")
        let first = try await cli.run(["discs", "--library", library.root, "--capacity", "2"])
        #expect(first.stderr.contains("holds 3 discs; 1 is not shown"))
        #expect(first.stderr.contains("--capacity"))
        #expect(first.stdout.hasPrefix("CD wallet: 2 of 3 discs from CDs.m3u8"))
        let second = try await cli.run(["discs", "--library", library.root, "--capacity", "2"])
        #expect(second.stderr.isEmpty)
        // The heading says what the capacity hides every time.
        #expect(second.stdout.hasPrefix("CD wallet: 2 of 3 discs from CDs.m3u8"))
        let json = try await cli.json(["discs", "--library", library.root, "--capacity", "0"])
        #expect(json["capacity"] as? Int == 0)
        #expect((json["discs"] as? [Any])?.count == 3)
    }

    @Test func doctorExplainsAndRemembersTheLastError() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try library.write("Zoé/Été/broken.flac", Array("not audio at all".utf8))
        #expect(try await cli.run(["tracks", "9", "--library", library.root]).status == 64)
        let json = try await cli.json(["doctor", "--library", library.root])
        #expect(json["library"] as? String == library.root)
        let index = try #require(json["index"] as? [String: Any])
        #expect(index["tracks"] as? Int == 7)
        #expect(index["albums"] as? Int == 2)
        #expect(index["unreadable"] as? Int == 1)
        #expect((index["lastScan"] as? String)?.hasSuffix("Z") == true)
        let playlist = try #require(json["playlist"] as? [String: Any])
        #expect(playlist["chosen"] as? String == library.root + "/CDs.m3u8")
        #expect((playlist["reason"] as? String)?.isEmpty == false)
        let candidates = try #require(playlist["candidates"] as? [[String: Any]])
        #expect(candidates.first?["entries"] as? Int == 3)
        #expect(candidates.first?["resolvable"] as? Int == 2)
        let entries = try #require(json["entries"] as? [String: Any])
        #expect(entries["total"] as? Int == 3)
        #expect(entries["resolved"] as? Int == 2)
        #expect(entries["streams"] as? Int == 1)
        #expect(entries["merged"] as? Int == 0)
        #expect((entries["unavailable"] as? [Any])?.isEmpty == true)
        #expect((json["wallet"] as? [String: Any])?["discs"] as? Int == 2)
        #expect(json["lastError"] as? String == "there is no disc 9: the wallet holds 2 discs (1–2)")

        let text = try await cli.run(["doctor", "--library", library.root])
        #expect(text.status == 0)
        #expect(text.stdout.contains("broken.flac"))
        #expect(text.stdout.contains("Last error"))
    }

    @Test func plainOutputHasNoEscapesAndFitsCOLUMNSWhenSetElseIsNeverCut() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        let long = String(repeating: "Very Long Album Title ", count: 6)
        try library.addAlbum("L", artist: String(repeating: "Artist Name ", count: 5), album: long)
        try library.playlist("L/\n")
        for command in [["discs"], ["tracks", "1"], ["doctor"]] {
            let fitted = try await cli.run(
                command + ["--library", library.root], extraEnvironment: ["COLUMNS": "60"])
            #expect(fitted.status == 0)
            #expect(!fitted.stdout.contains("\u{1B}"))
            if command != ["doctor"] {
                #expect(fitted.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 })
            }
            // A pipe has no width: a script gets every name whole.
            let piped = try await cli.run(command + ["--library", library.root])
            #expect(!piped.stdout.contains("…"))
        }
        let piped = try await cli.run(["discs", "--library", library.root])
        #expect(piped.stdout.contains(long.trimmingCharacters(in: .whitespaces)))
    }

    @Test func configErrorsNameFileAndLine() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let config = cli.home + "/bad.toml"
        try "library = \"/music\"\ncapacity = \"many\"\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let result = try await cli.run(["discs", "--config", config])
        #expect(result.status == 78)
        #expect(
            result.stderr
                == "cdwally: \(config):2: capacity: must be a whole number, 0 or more (0 = no limit)\n")
    }

    @Test func scanReportsCountsAsJSON() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let first = try await cli.json(["scan", "--library", library.root])
        #expect(
            Set(first.keys) == ["added", "changed", "removed", "unreadable", "tracks", "albums", "seconds"])
        #expect(first["added"] as? Int == 7)
        #expect(first["tracks"] as? Int == 7)
        #expect(first["albums"] as? Int == 2)
        let second = try await cli.json(["scan", "--library", library.root])
        #expect(second["added"] as? Int == 0)
        #expect(second["changed"] as? Int == 0)
    }
}

/// Entries behind a folder this user may not enter, read as another user than root (root
/// enters every folder): the real binary under setpriv.
@Suite(
    .enabled(
        if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
        "needs root and /usr/bin/setpriv to read as another user"))
struct UnreadableEntryTests {
    @Test func anEntryInAFolderThatCannotBeEnteredIsUnavailableAndNotFoundElsewhere() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Good/Album", artist: "Ann", album: "Album", tracks: 1)
        try library.addAlbum("Locked/Album", artist: "Ann", album: "Album", tracks: 1)
        try library.playlist("Locked/Album/01 Album 1.flac\nGood/Album/01 Album 1.flac\n")
        // Everything readable by anyone, but the one folder no one but root may enter.
        for path in [cli.home, library.root] {
            _ = try Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "a+rwX", path])
                .waitUntilExit()
        }
        chmod(library.root + "/Locked", 0)
        defer { chmod(library.root + "/Locked", 0o755) }
        let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        let result = try await cli.run(["discs", "--json", "--library", library.root], wrapper: nobody)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let discs = json?["discs"] as? [[String: Any]] ?? []
        // Only the readable album, once: the locked entry was not matched by name to it.
        #expect(discs.count == 1, "\(result.stdout)")
        #expect(discs.first?["trackCount"] as? Int == 1)
        // The folder's warning, once, though the command met it twice; then the count.
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "cdwally: cannot open directory \(library.root)/Locked: Permission denied",
                "cdwally: 1 entry of the CDs playlist leads nowhere (cdwally doctor says why)",
            ],
            "\(result.stderr)")
        // doctor names the entry and why.
        let doctor = try await cli.run(["doctor", "--library", library.root], wrapper: nobody)
        #expect(
            doctor.stdout.contains("line 1: Locked/Album/01 Album 1.flac: cannot be read: permission denied"),
            "\(doctor.stdout)")
    }

    /// Foundation's `Bundle.main` dies with SIGILL (exit 132) in a process whose executable's
    /// folder it cannot read; the wallet memo's key names the executable without it.
    @Test func theBinaryRunsFromAFolderItsUserCannotRead() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Ann/Album", artist: "Ann", album: "Album", tracks: 1)
        try library.playlist("Ann/Album/01 Album 1.flac\n")
        for path in [cli.home, library.root] {
            _ = try Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "a+rwX", path])
                .waitUntilExit()
        }
        // Root's 0700 folder, as mktemp -d makes it: `nobody` may run the file, not list the folder.
        let closed = try TemporaryDirectory(prefix: "cdwally-closed")
        #expect(chmod(closed.path.display, 0o700) == 0)
        let binary = closed.child("cdwally").display
        try FileManager.default.copyItem(atPath: CLI.binary, toPath: binary)
        let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        // The first builds the wallet and writes the memo, the second reads it: both name the
        // executable in the memo's key.
        for _ in 0..<2 {
            let discs = try await cli.run(
                ["discs", "--json", "--library", library.root], wrapper: nobody, binary: binary)
            #expect(discs.status == 0, "exit \(discs.status): \(discs.stderr)")
            #expect(
                discs.stdout.contains("\"album\" : \"Album\"")
                    || discs.stdout.contains("\"album\": \"Album\""))
        }
        // Where it would not crash (Swift 6.3 does not), no code may ask it all the same.
        for file in try ManualTests.swiftFiles(under: "Sources") {
            let code = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            #expect(!code.contains { $0.contains("Bundle.main") }, "\(file)")
        }
    }
}
