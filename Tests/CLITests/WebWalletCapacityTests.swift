import Foundation
import TestSupport
import Testing

/// The phone's Library at the wallet's capacity (docs/PRODUCT.md §11): a hidden disc shows
/// as hidden and can be removed, a full wallet refuses Add with nothing written, and Undo
/// of a Remove puts back the very lines, whatever the capacity.
@Suite struct WebWalletCapacityTests {
    private struct Answer {
        var status: Int
        var body: [String: Any]
    }

    private func request(_ method: String, _ path: String, body: String? = nil, port: Int, token: String)
        throws -> Answer
    {
        let socket = try LoopbackSocket.connect(port: port)
        defer { close(socket) }
        let content =
            body.map { "Content-Type: application/json\r\nContent-Length: \($0.utf8.count)\r\n" } ?? ""
        let text =
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
            + content + "Connection: close\r\n\r\n" + (body ?? "")
        let bytes = Array(text.utf8)
        _ = write(socket, bytes, bytes.count)
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(socket, &chunk, chunk.count), count > 0 { answer += chunk[..<count] }
        let whole = String(decoding: answer, as: UTF8.self)
        let status = Int(whole.dropFirst(9).prefix(3)) ?? 0
        let json = whole.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        let start = json.firstIndex(of: "{") ?? json.endIndex
        let end = json.lastIndex(of: "}").map { json.index(after: $0) } ?? json.endIndex
        let object =
            start < end
            ? (try? JSONSerialization.jsonObject(with: Data(json[start..<end].utf8))) as? [String: Any] : nil
        return Answer(status: status, body: object ?? [:])
    }

    @Test func theLibraryShowsHiddenDiscsRefusesAFullWalletAndUndoesARemoveExactly() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Abba/Arrival", artist: "Abba", album: "Arrival")
        try library.addAlbum("Beck/Odelay", artist: "Beck", album: "Odelay")
        try library.addAlbum("Cake/Fashion", artist: "Cake", album: "Fashion")
        try library.addAlbum("Zebra/Zed", artist: "Zebra", album: "Zed")
        let original =
            "#EXTM3U\n#EXTINF:9,Abba - my hint\nAbba/Arrival/01 Arrival 1.flac\n#CDWALLY-CARD:7 Beck — Odelay\n"
            + "Beck/Odelay/01 Odelay 1.flac\nBeck/Odelay/02 Odelay 2.flac\nZebra/Zed/01 Zed 1.flac\n"
        try library.playlist(original)
        let playlist = library.root + "/CDs.m3u8"
        let made = try await cli.run(["web", "token", "phone"])
        let token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = Int.random(in: 20_000..<40_000)
        let serve = try RunningCommand(
            cli,
            [
                "serve", "--idle", "--library", library.root, "--mpv", "ao=null", "--web", "\(port)",
                "--capacity", "2",
            ])
        try await serve.waitUntil("the web remote to listen") { serve.stderr.contains("web remote at") }

        let zed = try request("GET", "/api/v1/albums?q=zed", port: port, token: token)
        let row = try #require((zed.body["albums"] as? [[String: Any]])?.first, "\(zed)")
        #expect(row["hidden"] as? Bool == true)
        #expect(row["inWallet"] is NSNull)
        let zedID = try #require(row["id"] as? String)
        let ids = try #require(
            (request("GET", "/api/v1/albums", port: port, token: token).body["albums"] as? [[String: Any]]))
        let id = { (title: String) in ids.first { $0["album"] as? String == title }?["id"] as? String ?? "" }

        // Full (three discs, capacity two): Add is refused, nothing written.
        let full = try request(
            "POST", "/api/v1/wallet", body: "{\"add\": \"\(id("Fashion"))\"}", port: port, token: token)
        #expect(full.status == 409, "\(full)")
        // The library's refusal says its kind, as the player's do (PROTOCOL.md, Errors).
        let error = full.body["error"] as? [String: Any]
        #expect(error?["code"] as? String == "library" && error?["kind"] as? String == "refused", "\(full)")
        #expect(try String(contentsOfFile: playlist, encoding: .utf8) == original)

        // Remove then Undo: the very bytes back, though the wallet is full again meanwhile.
        let removed = try request(
            "POST", "/api/v1/wallet", body: "{\"remove\": \"\(id("Odelay"))\"}", port: port, token: token)
        #expect(removed.status == 200, "\(removed)")
        let undo = try #require((removed.body["change"] as? [String: Any])?["undo"] as? [String: Any])
        #expect(undo["add"] as? String == id("Odelay"))
        let undone = try request(
            "POST", "/api/v1/wallet", body: "{\"add\": \"\(id("Odelay"))\"}", port: port, token: token)
        #expect(undone.status == 200, "\(undone)")
        #expect(try String(contentsOfFile: playlist, encoding: .utf8) == original)

        // The hidden disc goes like any other.
        let gone = try request(
            "POST", "/api/v1/wallet", body: "{\"remove\": \"\(zedID)\"}", port: port, token: token)
        #expect(gone.status == 200, "\(gone)")
        #expect(!(try String(contentsOfFile: playlist, encoding: .utf8)).contains("Zebra"))
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }
}
