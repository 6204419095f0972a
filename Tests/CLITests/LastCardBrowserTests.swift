import Foundation
import TestSupport
import Testing

/// "Assign the last card" in real Chromium (docs/PRODUCT.md §11): `Tests/Browser/assign_card.py`
/// against a real `serve --web`, after `cdwally card read` as the reader would.
@Suite struct LastCardBrowserTests {
    @Test func thePhoneGivesTheLastCardToAnAlbumOfTheLibrary() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Ann/One", artist: "Ann", album: "One", template: "long.flac")
        try library.addAlbum("Bob/Two", artist: "Bob", album: "Two", template: "long.flac")
        try library.playlist("Ann/One/\n")
        let port = Int.random(in: 20_000..<40_000)
        let serve = try RunningCommand(
            cli,
            ["serve", "--library", library.root, "--web", "127.0.0.1:\(port)", "--mpv", "ao=null", "--idle"])
        defer { serve.signal(SIGTERM) }
        try await serve.waitUntil("the web remote to listen") { serve.stderr.contains("web remote at") }
        let pair = try await cli.run(["web", "pair", "--library", library.root])
        try #require(pair.status == 0, "\(pair.stderr)")
        _ = try await cli.json(["card", "read", "0042"])
        let browser = try ExternalTool(
            "python3",
            [
                CLI.repository + "/Tests/Browser/assign_card.py", "--url", "http://127.0.0.1:\(port)/",
                "--code", pair.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "--album", "Two",
                "--card", "0042",
            ],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": cli.home, "PYTHONPATH": CLI.repository + "/Tests/Browser",
            ],
            directory: URL(fileURLWithPath: cli.home))
        try await browser.waitForExit(timeout: .seconds(120))
        #expect(browser.result.status == 0, "\(browser.stdout)\(browser.stderr)\nserve: \(serve.stderr)")
        #expect(
            try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8)
                == "Ann/One/\n#CDWALLY-CARD:0042 Bob — Two\nBob/Two/01 Two 1.flac\n")
    }
}
