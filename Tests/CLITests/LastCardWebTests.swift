import Foundation
import TestSupport
import Testing

/// The last card read on the web remote (docs/PRODUCT.md §11): in its state at once, and given
/// to an album by "Assign the last card" (`{"card": ID}`), through a real `serve`.
@Suite struct LastCardWebTests {
    @Test func theStateShowsTheLastCardAndAssigningItWritesTheCardLine() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Ann/One", artist: "Ann", album: "One", template: "long.flac")
        try library.addAlbum("Bob/Two", artist: "Bob", album: "Two", template: "long.flac")
        try library.playlist("Ann/One/\n")
        let token = try await WebCall.token(cli)
        let port = Int.random(in: 20_000..<40_000)
        let serve = try await startServe(cli, library, extra: ["--idle", "--web", "\(port)"])
        defer { serve.signal(SIGTERM) }
        try await serve.waitUntil("the web remote to listen") { serve.stderr.contains("web remote at") }

        let none = try WebCall.send(
            "POST", "/api/v1/wallet", body: #"{"card":"0123456789abcdef"}"#, port: port, token: token)
        #expect(none.status == 409 && none.body.contains("no card was read yet"), "\(none)")

        _ = try await cli.json(["card", "read", "04a1"])
        let state = try WebCall.send("GET", "/api/v1/state", port: port, token: token)
        let body = try JSONSerialization.jsonObject(with: Data(state.body.utf8)) as? [String: Any]
        let card = try #require(body?["lastCard"] as? [String: Any], "\(state.body)")
        #expect(card["number"] as? String == "04A1" && card["outcome"] as? String == "unknown")

        let albums = try await cli.json(["albums", "two", "--library", library.root])
        let two = try #require((albums["albums"] as? [[String: Any]])?.first?["id"] as? String)
        let assigned = try WebCall.send(
            "POST", "/api/v1/wallet", body: #"{"card":"\#(two)"}"#, port: port, token: token)
        #expect(assigned.status == 200, "\(assigned)")
        #expect(
            assigned.body.contains(
                #""message":"Added Bob — Two to the wallet as disc 2. Card 04A1 plays Bob — Two.""#),
            "\(assigned.body)")
        #expect(
            assigned.body.contains(#""total":2"#), "the answer's wallet holds the album: \(assigned.body)")
        #expect(
            try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8)
                == "Ann/One/\n#CDWALLY-CARD:04A1 Bob — Two\nBob/Two/01 Two 1.flac\n")
        // The player took the new wallet: the card plays the album it was just given.
        try await Task.sleep(for: .milliseconds(2100))
        let played = try await cli.json(["card", "read", "04A1"])
        #expect((played["disc"] as? [String: Any])?["album"] as? String == "Two", "\(played)")
    }
}
