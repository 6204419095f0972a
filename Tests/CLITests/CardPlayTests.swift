import Foundation
import TestSupport
import Testing

/// A card read plays its album (docs/PRODUCT.md §11), through a real `serve` and `cdwally card
/// read`, which reads a card as the player's reader would: no device needed.
@Suite struct CardPlayTests {
    /// Two albums of two 40 s tracks, each with a card: 0042 for Ann's, 7 for Bob's.
    private func makeLibrary() throws -> TestLibrary {
        try .twoCardAlbums(
            playlist: "#CDWALLY-CARD:0042 Ann — One\nAnn/One/\n#CDWALLY-CARD:7 Bob — Two\nBob/Two/\n")
    }

    private func lastCard(_ cli: CLI) async throws -> [String: Any]? {
        try await cli.json(["status"])["lastCard"] as? [String: Any]
    }

    private func album(_ status: [String: Any]) -> String? {
        (status["disc"] as? [String: Any])?["album"] as? String
    }

    @Test func aCardPlaysItsAlbumFromItsPlaceAndTheSameCardAgainPauses() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library, extra: ["--idle"])
        defer { serve.signal(SIGTERM) }
        #expect(try await cli.json(["status"])["lastCard"] == nil)
        // Ann's album played to track 2 at 0:20, then Bob's card.
        _ = try await cli.json(["disc", "1"])
        _ = try await cli.json(["track", "2"])
        _ = try await cli.json(["seek", "0:20"])
        let bob = try await cli.run(["card", "read", "7"])
        #expect(bob.status == 0, "\(bob)")
        #expect(bob.stdout.hasPrefix("Last card: 7 (Bob — Two) at "), "\(bob.stdout)")
        #expect(bob.stdout.contains(", played\n▶ Playing  Disc 2"), "\(bob.stdout)")
        // Ann's card: her album from where it was left.
        let ann = try await cli.json(["card", "read", "0042"])
        #expect(album(ann) == "One" && ann["state"] as? String == "playing", "\(ann)")
        #expect(ann["trackIndex"] as? Int == 2)
        #expect((ann["elapsed"] as? Double ?? 0) >= 19, "\(ann)")
        let card = try #require(ann["lastCard"] as? [String: Any])
        #expect(card["number"] as? String == "0042" && card["outcome"] as? String == "played")
        #expect(card["album"] as? String == "Ann — One" && card["device"] is NSNull)
        // At once again, as a reader that repeats a card lying on it: counted once.
        let repeated = try await cli.run(["card", "read", "0042"])
        #expect(repeated.stdout.hasPrefix("Card 0042 again within 2 s of its last read: counted once\n"))
        #expect(try await cli.json(["status"])["state"] as? String == "playing")
        // Lifted and put back: it pauses, and again it plays on.
        try await Task.sleep(for: .milliseconds(2100))
        let paused = try await cli.json(["card", "read", "42"])
        #expect(paused["state"] as? String == "playing", "a card 42 is not card 0042")
        #expect((paused["lastCard"] as? [String: Any])?["outcome"] as? String == "unknown")
        let toggled = try await cli.json(["card", "read", "0042"])
        #expect(toggled["state"] as? String == "paused" && album(toggled) == "One", "\(toggled)")
        #expect((toggled["lastCard"] as? [String: Any])?["outcome"] as? String == "toggled")
        let text = try await cli.run(["status"])
        #expect(text.stdout.hasSuffix(", played or paused\n"), "\(text.stdout)")
        // `cards` shows it too while a player runs.
        let cards = try await cli.json(["cards", "--library", library.root])
        #expect((cards["lastCard"] as? [String: Any])?["outcome"] as? String == "toggled", "\(cards)")
        let listed = try await cli.run(["cards", "--library", library.root])
        #expect(
            listed.stdout.hasPrefix("0042  disc 1: Ann — One\n7     disc 2: Bob — Two\nLast card: 0042"),
            "\(listed)")
    }

    @Test func cardAgainRestartsAndACommandCardRunsItsVerb() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try cli.writeConfig("[cards]\ncard_again = \"restart\"\n\"1234\" = \"stop\"\n99 = \"disc next\"\n")
        let serve = try await startServe(cli, library, extra: ["--idle"])
        defer { serve.signal(SIGTERM) }
        #expect(album(try await cli.json(["card", "read", "7"])) == "Two")
        _ = try await cli.json(["seek", "0:20"])
        try await Task.sleep(for: .milliseconds(2100))
        let again = try await cli.json(["card", "read", "7"])
        #expect(again["state"] as? String == "playing" && album(again) == "Two")
        #expect((again["elapsed"] as? Double ?? 99) < 10, "\(again)")
        #expect((again["lastCard"] as? [String: Any])?["outcome"] as? String == "restarted")
        let next = try await cli.json(["card", "read", "99"])
        #expect(album(next) == "One", "disc next from disc 2 wraps to disc 1: \(next)")
        let stop = try await cli.json(["card", "read", "1234"])
        #expect(stop["state"] as? String == "stopped", "\(stop)")
        let card = try #require(stop["lastCard"] as? [String: Any])
        #expect(card["outcome"] as? String == "command" && card["detail"] as? String == "stop")
    }

    @Test func aBadCommandCardIsAConfigErrorAtStart() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try cli.writeConfig("[cards]\n\"12\" = \"dance\"\n")
        let serve = try await cli.run(["serve", "--library", library.root, "--mpv", "ao=null"])
        #expect(serve.status == 78, "\(serve)")
        #expect(
            serve.stderr.hasSuffix(
                #"config.toml:2: cards.12: "dance" is no verb; known: pause, resume, toggle, next, previous, stop, seek, disc, play, track, volume, sleep, shuffle"#
                    + "\n"), "\(serve.stderr)")
        try cli.writeConfig("[cards]\n\"12G\" = \"stop\"\n")
        let number = try await cli.run(["serve", "--library", library.root, "--mpv", "ao=null"])
        #expect(number.status == 78 && number.stderr.components(separatedBy: "\n").count == 2, "\(number)")
        #expect(number.stderr.contains("cards.12G: is no card number"), "\(number.stderr)")
    }

    @Test func aCardReadWhileTheLibraryIsMissingIsShownAndPlaysNothing() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let missing = cli.home + "/not-mounted"
        let serve = try RunningCommand(cli, ["serve", "--library", missing, "--mpv", "ao=null"])
        defer { serve.signal(SIGTERM) }
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
        let read = try await cli.json(["card", "read", "0042"])
        #expect(read["state"] as? String == "idle" && read["waitingFor"] as? String == missing, "\(read)")
        let card = try #require(try await lastCard(cli))
        #expect(card["number"] as? String == "0042" && card["outcome"] as? String == "library-missing")
        let text = try await cli.run(["status"])
        #expect(text.stdout.hasSuffix(", nothing played: the library is not there\n"), "\(text.stdout)")
    }

    @Test func aCardReadWhileThePlaylistIsMissingIsShownAndPlaysNothing() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Ann/One", artist: "Ann", album: "One", template: "long.flac")
        let serve = try await startServe(cli, library)
        defer { serve.signal(SIGTERM) }
        let read = try await cli.json(["card", "read", "7"])
        #expect(read["state"] as? String == "idle", "\(read)")
        #expect((read["lastCard"] as? [String: Any])?["outcome"] as? String == "library-missing", "\(read)")
    }

    @Test func badNumbersAreOneLineAndChangeNothing() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library, extra: ["--idle"])
        defer { serve.signal(SIGTERM) }
        let cases = [
            ("12G4", "a card number is digits or hexadecimal digits 0-9 and A-F, not \"G\""),
            (String(repeating: "7", count: 200), "a card number has at most 32 digits, not 200"),
            ("", "a card number cannot be empty"),
        ]
        for (bad, message) in cases {
            let result = try await cli.run(["card", "read", bad])
            #expect(result.status == 64, "\(bad): \(result)")
            #expect(result.stderr == "cdwally: \(message)\n", "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let status = try await cli.json(["status"])
        #expect(status["lastCard"] == nil && status["state"] as? String == "idle", "\(status)")
    }

    @Test func assignWaitsForTheNextCardReadWhichPlaysNothing() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library, extra: ["--idle"])
        defer { serve.signal(SIGTERM) }
        let assign = try RunningCommand(cli, ["card", "assign", "two", "--library", library.root])
        try await assign.waitUntil("assign to wait") { assign.stderr.contains("waiting 60 s") }
        #expect(
            assign.stderr
                == "cdwally: read the card for Bob — Two on the player's reader (waiting 60 s)\n")
        let read = try await cli.json(["card", "read", "0042"])
        #expect(read["state"] as? String == "idle", "the card went to the assign: \(read)")
        #expect((read["lastCard"] as? [String: Any])?["outcome"] as? String == "assigning")
        #expect(try await assign.wait() == 0, "\(assign.stderr)")
        #expect(assign.stdout == "Card 0042 moved from Ann — One to Bob — Two.\n", "\(assign.stdout)")
        #expect(
            try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8)
                == "Ann/One/\n#CDWALLY-CARD:7 Bob — Two\n#CDWALLY-CARD:0042 Bob — Two\nBob/Two/\n")
        // Now it plays Bob's album.
        try await Task.sleep(for: .milliseconds(2100))
        #expect(album(try await cli.json(["card", "read", "0042"])) == "Two")
    }

    @Test func aCardOfADiscTheCapacityHidesIsRefusedAndShown() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library, extra: ["--idle", "--capacity", "1"])
        defer { serve.signal(SIGTERM) }
        let read = try await cli.json(["card", "read", "7"])
        #expect(read["state"] as? String == "idle", "\(read)")
        let card = try #require(read["lastCard"] as? [String: Any])
        #expect(card["outcome"] as? String == "refused" && card["album"] as? String == "Bob — Two")
        #expect(
            card["detail"] as? String
                == "Bob — Two is hidden by the capacity of 1 disc; raise capacity or remove a disc")
        try await serve.waitUntil("the refusal's line") {
            serve.stderr.contains("card 7 from the control socket (Bob — Two): refused")
        }
    }

    @Test func anAssignStoppedWhileItWaitsTakesNoCard() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library, extra: ["--idle"])
        defer { serve.signal(SIGTERM) }
        let assign = try RunningCommand(cli, ["card", "assign", "two", "--library", library.root])
        try await assign.waitUntil("assign to wait") { assign.stderr.contains("waiting 60 s") }
        assign.signal(SIGINT)
        #expect(try await assign.wait() != 0)
        let read = try await cli.json(["card", "read", "0042"])
        #expect(album(read) == "One" && read["state"] as? String == "playing", "\(read)")
        #expect((read["lastCard"] as? [String: Any])?["outcome"] as? String == "played")
    }
}
