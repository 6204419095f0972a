import Foundation
import TestSupport
import Testing

/// `shuffle` with no disc loaded (docs/PRODUCT.md §11): refused with one line and exit 64 on
/// every door, MPRIS `Shuffle` stays false, and the disc played next plays in its album's
/// order. It once said "Shuffle on" and shuffled whichever disc came next.
@Suite struct IdleShuffleTests {
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        for number in 1...6 {
            try library.add(
                "Ann/Six/0\(number).flac", template: "long.flac",
                tags: ["TITLE": "Six \(number)", "ARTIST": "Ann", "ALBUM": "Six", "TRACKNUMBER": "\(number)"])
        }
        try library.playlist("Ann/Six/\n")
        return library
    }

    @Test func shuffleWithNoDiscIsRefusedOnEveryDoor() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let (busCLI, playerctl) = cli.onBus(bus)
        let token = try await WebCall.token(busCLI)
        let port = Int.random(in: 20_000..<40_000)
        let serve = try await startServe(busCLI, library, extra: ["--idle", "--web", "\(port)"])
        try await serve.waitUntil("the web remote to listen") { serve.stderr.contains("web remote at") }

        // The command line (over the control socket): one line, exit 64, for on, off and toggle.
        for arguments in [["shuffle", "on"], ["shuffle"], ["shuffle", "off"]] {
            let refused = try await busCLI.run(arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.stdout) \(refused.stderr)")
            #expect(refused.stdout == "")
            #expect(refused.stderr.hasPrefix("cdwally: there is no disc to shuffle"), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        }
        // The web.
        let web = try WebCall.send(
            "POST", "/api/v1/commands", body: #"{"command":"shuffle","on":true}"#, port: port, token: token)
        #expect(!(200..<300).contains(web.status), "\(web.status) \(web.body)")
        #expect(web.body.contains("there is no disc to shuffle"), "\(web.body)")
        // MPRIS: the write is refused, and Shuffle stays false.
        _ = try? await playerctl("shuffle", "On")
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await playerctl("shuffle") == "Off")
        #expect(try await busCLI.json(["status"])["shuffle"] as? Bool == false)

        // The disc played next plays in its album's order.
        let playing = try await busCLI.json(["disc", "1"])
        #expect(playing["shuffle"] as? Bool == false)
        let tracks = [playing] + (try await [busCLI.json(["next"]), busCLI.json(["next"])])
        #expect(tracks.map { ($0["track"] as? [String: Any])?["index"] as? Int } == [1, 2, 3])
        // With a disc loaded it applies, as before.
        #expect(try await busCLI.json(["shuffle", "on"])["shuffle"] as? Bool == true)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }
}
