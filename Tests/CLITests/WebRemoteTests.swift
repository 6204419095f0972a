import Foundation
import TestSupport
import Testing

/// The web remote as a user runs it: `cdwally web …` on the access file, `serve --web` on the
/// demo library, and two real Chromium browsers driven by `Tests/Browser/web_remote.py`.
@Suite struct WebRemoteTests {
    /// A copy of Examples/Library in the test's home.
    static func demoLibrary(in cli: CLI) throws -> String {
        let library = cli.home + "/Music"
        try FileManager.default.copyItem(atPath: CLI.repository + "/Examples/Library", toPath: library)
        return library
    }

    @Test func pairTokenListAndRevokeKeepTheAccessFile() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try Self.demoLibrary(in: cli)
        let pair = try await cli.run(["--library", library, "web", "pair"])
        #expect(pair.status == 0, "\(pair.stderr)")
        #expect(pair.stdout.range(of: #"^\d{4}-\d{4}\n$"#, options: .regularExpression) != nil)
        let token = try await cli.run(["web", "token", "kitchen", "--library", library])
        #expect(token.status == 0 && token.stdout.count > 40)
        let listed = try await cli.run(["web", "list", "--library", library, "--json"])
        #expect(listed.stdout.contains("\"kitchen\""))
        let revoke = try await cli.run(["web", "revoke", "kitchen", "--library", library])
        #expect(revoke.stdout == "revoked 1 session or token\n")
        let again = try await cli.run(["web", "revoke", "kitchen", "--library", library])
        #expect(again.status == 64)
        #expect(again.stderr.hasPrefix("cdwally: no browser session or token named 'kitchen'"))
        let bad = try await cli.run(["web", "token", "a b", "--library", library])
        #expect(bad.status == 64)
    }

    /// Pairing and tokens belong to the user: `web token` needs no library, and a player
    /// started on any library takes the token (the README's kitchen-button recipe).
    @Test func aTokenMadeWithoutALibraryOpensThePlayerOfAnyLibrary() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try Self.demoLibrary(in: cli)
        let made = try await cli.run(["web", "token", "kitchen-button"])
        #expect(made.status == 0, "\(made.stderr)")
        let token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = Int.random(in: 20_000..<40_000)
        let serve = try RunningCommand(
            cli, ["serve", "--idle", "--library", library, "--mpv", "ao=null", "--web", "\(port)"])
        try await serve.waitUntil("the web remote to listen") { serve.stderr.contains("web remote at") }
        let socket = try LoopbackSocket.connect(port: port)
        defer { close(socket) }
        let request = Array(
            "GET /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n"
                .utf8)
        _ = write(socket, request, request.count)
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(socket, &chunk, chunk.count), count > 0 { answer += chunk[..<count] }
        #expect(
            String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200"),
            "\(String(decoding: answer.prefix(200), as: UTF8.self))")
        let listed = try await cli.run(["web", "list", "--json"])
        #expect(listed.stdout.contains("\"kitchen-button\""))
        // doctor asks the running player where its remote is: here from --web, not the config.
        let doctor = try await cli.json(["doctor", "--library", library])
        #expect((doctor["health"] as? [String: Any])?["web"] as? String == "http://127.0.0.1:\(port)/")
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func serveStartsTheRemoteFromTheConfigFileAndDoctorReportsIt() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try Self.demoLibrary(in: cli)
        let port = Int.random(in: 20_000..<40_000)
        try FileManager.default.createDirectory(
            atPath: cli.home + "/config/cdwally", withIntermediateDirectories: true)
        try "[web]\nlisten = \"\(port)\"\n".write(
            toFile: cli.home + "/config/cdwally/config.toml", atomically: true, encoding: .utf8)
        let serve = try RunningCommand(cli, ["serve", "--library", library, "--mpv", "ao=null"])
        try await serve.waitUntil("the web remote's address on stderr") {
            serve.stderr.contains("web remote at http://127.0.0.1:\(port)/ (this machine only)")
        }
        // doctor sees the running player and the web remote's address, and the box around them.
        let doctor = try await cli.json(["doctor", "--library", library])
        let health = try #require(doctor["health"] as? [String: Any])
        #expect(health["player"] as? String == "idle")
        #expect(health["web"] as? String == "http://127.0.0.1:\(port)/")
        #expect((health["audio"] as? [String: Any])?["device"] as? String == "auto")
        #expect(health["inputs"] is [Any])
        let text = try await cli.run(["doctor", "--library", library])
        #expect(text.stdout.contains("Player      running, idle"))
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func twoBrowsersPairPlayAndFollowEachOther() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try Self.demoLibrary(in: cli)
        // A wallet of twelve, as a phone must show at least four of: the demo's three first
        // (the others' artists sort after theirs), then nine more, each with its own cover
        // (tagged.flac carries one).
        let more = try TestLibrary()
        var lines = try String(contentsOfFile: library + "/CDs.m3u8", encoding: .utf8)
        for (number, name) in ["Tessa", "Ulla", "Vera", "Wanda", "Xavier", "Yusuf", "Zeno", "Zoe", "Zora"]
            .enumerated()
        {
            try more.addAlbum("\(name)/Album \(number + 4)", artist: name, album: "Album \(number + 4)")
            lines += "\(name)/Album \(number + 4)/\n"
        }
        // An album of the library that is not in the wallet: the Library's search finds it.
        try more.addAlbum("Quincy/Library Only", artist: "Quincy", album: "Library Only")
        for name in try FileManager.default.contentsOfDirectory(atPath: more.root) {
            try FileManager.default.copyItem(atPath: more.root + "/" + name, toPath: library + "/" + name)
        }
        try lines.write(toFile: library + "/CDs.m3u8", atomically: true, encoding: .utf8)
        let port = Int.random(in: 20_000..<40_000)
        let serve = try RunningCommand(
            cli,
            [
                // The journal's lines (each disc and track) say what the player did, should a
                // browser's wait fail.
                "serve", "--library", library, "--web", "127.0.0.1:\(port)", "--mpv", "ao=null", "--then",
                "next", "--verbose",
            ])
        try await serve.waitUntil("the web remote to listen") { serve.stderr.contains("web remote at") }
        var codes: [String] = []
        for _ in 0..<2 {
            let pair = try await cli.run(["web", "pair", "--library", library])
            try #require(pair.status == 0, "\(pair.stderr)")
            codes.append(pair.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        // Into the test's home, so a test run leaves the working tree alone; with
        // CDWALLY_SCREENSHOTS=docs/screenshots they become the README's pictures.
        let screenshots =
            ProcessInfo.processInfo.environment["CDWALLY_SCREENSHOTS"].map { CLI.repository + "/" + $0 }
            ?? cli.home
        let browser = try ExternalTool(
            "python3",
            [
                CLI.repository + "/Tests/Browser/web_remote.py", "--url", "http://127.0.0.1:\(port)/",
                "--codes", codes.joined(separator: ","), "--screenshots", screenshots,
            ],
            environment: ["PATH": "/usr/bin:/bin", "HOME": cli.home],
            directory: URL(fileURLWithPath: cli.home))
        try await browser.waitForExit(timeout: .seconds(300))
        #expect(browser.result.status == 0, "\(browser.stdout)\(browser.stderr)\nserve: \(serve.stderr)")
        for name in [
            "wallet-phone", "wallet-wide", "player-phone", "player-wide", "player-tablet", "library-phone",
            "library-tablet", "invite-phone",
        ] {
            let size =
                (try? FileManager.default.attributesOfItem(atPath: "\(screenshots)/\(name).png")[.size])
                as? Int
            #expect((size ?? 0) > 10_000 && (size ?? 0) < 300_000, "\(name).png: \(size ?? 0) bytes")
        }
        // The covers were made, by a worker process: libvips never mapped into the player.
        let covers = try FileManager.default.contentsOfDirectory(atPath: cli.home + "/cache/cdwally/covers")
        #expect(covers.filter { $0.hasSuffix("-256.jpg") }.count >= 4, "\(covers)")
        let maps = try String(
            contentsOfFile: "/proc/\(serve.process.processIdentifier)/maps", encoding: .utf8)
        #expect(!maps.contains("libvips"))
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }
}
