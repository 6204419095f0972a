import Foundation
import TestSupport
import Testing

/// Two processes, one index (issue #15): `scan`, `discs` and a running player's background
/// index at the same time never corrupt the index and never show the user "database is
/// locked". Real processes on a real SQLite file.
@Suite struct SharedIndexTests {
    @Test func scanAndDiscsAtOnceNeverCollide() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        for number in 1...12 {
            try library.addAlbum(
                "Album \(number)", artist: "Artist \(number)", album: "Album \(number)", tracks: 6)
        }
        try library.playlist((1...12).map { "Album \($0)/\n" }.joined())
        let cache = cli.home + "/cache/cdwally"
        // A running player indexes the library in the background five seconds after it
        // starts, and refreshes the wallet's folders when their files change.
        let serve = try RunningCommand(cli, ["serve", "--library", library.root, "--mpv", "ao=null"])
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
        let started = Date()
        var round = 0
        // Beside the player (its background index starts 5 s in) for 7 s at least, then
        // twelve rounds without it, in which the cache is deleted now and then.
        var serving = true
        var roundsAlone = 0
        while serving || roundsAlone < 12 {
            defer { round += 1 }
            if serving && round >= 12 && Date().timeIntervalSince(started) >= 7 {
                serving = false
                serve.signal(SIGTERM)
                #expect(try await serve.wait() == 0)
            }
            if !serving { roundsAlone += 1 }
            // Give every round something to write: changed files, and now and then no index
            // at all, so that both processes race to create it.
            for track in 1...6 {
                try library.setModified(
                    "Album \(round % 12 + 1)/0\(track) Album \(round % 12 + 1) \(track).flac",
                    secondsSince1970: 1_000_000 + round)
            }
            // Not under the running player: its connections keep the removed files, and a
            // cache deleted under it can leave the next commands' index failing with "disk I/O
            // error" until it is deleted again (seen once in CI, not fixed yet).
            if !serving && roundsAlone % 4 == 1 { try? FileManager.default.removeItem(atPath: cache) }
            let commands = [
                try RunningCommand(cli, ["scan", "--library", library.root]),
                try RunningCommand(cli, ["discs", "--library", library.root, "--json"]),
                try RunningCommand(cli, ["scan", "--library", library.root]),
                try RunningCommand(cli, ["discs", "--library", library.root]),
            ]
            for command in commands {
                let status = try await command.wait(timeout: 120)
                #expect(status == 0, "round \(round): \(command.stderr)")
                #expect(command.stderr.isEmpty, "round \(round): \(command.stderr)")
            }
        }
        for words in ["locked", "damaged", "cannot"] {
            #expect(!serve.stderr.contains(words), "\(serve.stderr)")
        }
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".sqlite3") })
        #expect(try IndexDamage.integrityCheck(of: cache + "/" + name) == ["ok"])
        let scan = try await cli.json(["scan", "--library", library.root])
        #expect(scan["tracks"] as? Int == 72 && scan["added"] as? Int == 0 && scan["changed"] as? Int == 0)
    }
}
