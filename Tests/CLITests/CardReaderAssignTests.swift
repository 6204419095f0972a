import Foundation
import TestSupport
import Testing

/// `card assign` without `--card` and without a player (docs/PRODUCT.md §11): it reads the
/// configured reader itself, a serial one here through a pseudo-terminal, or with none
/// configured every device that types a card; no card, nothing written.
@Suite struct CardReaderAssignTests {
    private func makeLibrary() throws -> TestLibrary {
        try .twoCardAlbums(playlist: "#CDWALLY-CARD:0042 Ann — One\nAnn/One/\nBob/Two/\n")
    }

    private func configure(_ cli: CLI, reader: String) throws {
        try cli.writeConfig("[cards]\nreader = \"\(reader)\"\n")
    }

    @Test func withNoPlayerItReadsTheConfiguredReaderItself() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let line = try SerialCardLine()
        try configure(cli, reader: line.path.display)
        let assign = try RunningCommand(cli, ["card", "assign", "two", "--library", library.root])
        try await assign.waitUntil("assign to wait") { assign.stderr.contains("waiting 60 s") }
        #expect(
            assign.stderr
                == "cdwally: no player runs: read the card for Bob — Two on the reader (waiting 60 s)\n")
        // The port may open after the first frame: the module sends a frame while a card lies there.
        let card = Task {
            while !Task.isCancelled {
                line.send(card: 1234)
                try? await Task.sleep(for: .milliseconds(300))
            }
        }
        defer { card.cancel() }
        #expect(try await assign.wait() == 0, "\(assign.stderr)")
        #expect(assign.stdout == "Card 0000001234 plays Bob — Two.\n", "\(assign.stdout)")
        #expect(
            try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8)
                == "#CDWALLY-CARD:0042 Ann — One\nAnn/One/\n#CDWALLY-CARD:0000001234 Bob — Two\nBob/Two/\n")
    }

    @Test func withNoPlayerAndNoCardNothingIsWritten() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let before = try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8)
        // No reader configured: every device that types a card would be read; none does.
        let assign = try await cli.run(["card", "assign", "two", "--wait", "1", "--library", library.root])
        #expect(assign.status == 75, "\(assign)")
        #expect(
            assign.stderr.hasPrefix(
                "cdwally: no player runs: read the card for Bob — Two on a card reader; none is configured"),
            "\(assign.stderr)")
        #expect(
            assign.stderr.hasSuffix("cdwally: no card was read within 1 s; nothing changed\n"),
            "\(assign.stderr)")
        // A configured reader that is not plugged in is said, once.
        try configure(cli, reader: cli.home + "/no-such-reader")
        let absent = try await cli.run(["card", "assign", "two", "--wait", "1", "--library", library.root])
        #expect(absent.status == 75, "\(absent)")
        #expect(
            absent.stderr.contains(
                "cdwally: the card reader \(cli.home)/no-such-reader is not there; it is read once plugged in\n"
            ),
            "\(absent.stderr)")
        #expect(try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8) == before)
        // A typo is said before anyone waits for a card; a wait out of range is a usage error.
        let typo = try await cli.run(["card", "assign", "nothing-like-it", "--library", library.root])
        #expect(typo.status != 0 && !typo.stderr.contains("waiting"), "\(typo)")
        let wait = try await cli.run(["card", "assign", "two", "--wait", "0", "--library", library.root])
        #expect(wait.status == 64, "\(wait)")
        #expect(try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8) == before)
    }

    /// Two `card assign` waiting at once: each card goes to one of them, the one that waited
    /// longest first, so one card is never given to two albums.
    @Test func twoWaitingAssignsTakeACardEachInTurn() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let serve = try await startServe(cli, library, extra: ["--idle"])
        defer { serve.signal(SIGTERM) }
        let first = try RunningCommand(cli, ["card", "assign", "one", "--library", library.root])
        try await first.waitUntil("the first to wait") { first.stderr.contains("waiting 60 s") }
        let second = try RunningCommand(cli, ["card", "assign", "two", "--library", library.root])
        try await second.waitUntil("the second to wait") { second.stderr.contains("waiting 60 s") }
        _ = try await cli.json(["card", "read", "5"])
        #expect(try await first.wait() == 0, "\(first.stderr)")
        #expect(first.stdout == "Card 5 plays Ann — One.\n", "\(first.stdout)")
        try await Task.sleep(for: .milliseconds(300))
        #expect(second.process.isRunning, "the second assign took the first's card: \(second.stdout)")
        _ = try await cli.json(["card", "read", "6"])
        #expect(try await second.wait() == 0, "\(second.stderr)")
        #expect(second.stdout == "Card 6 plays Bob — Two.\n", "\(second.stdout)")
        #expect(
            try String(contentsOfFile: library.root + "/CDs.m3u8", encoding: .utf8)
                == "#CDWALLY-CARD:0042 Ann — One\n#CDWALLY-CARD:5 Ann — One\nAnn/One/\n"
                + "#CDWALLY-CARD:6 Bob — Two\nBob/Two/\n")
    }

    /// The device that types the card is the reader, and the line that names it is said
    /// (a uinput keyboard wedge: runs where /dev/uinput is, the whole-machine guest).
    @Test(.enabled(if: UInputBox.isAvailable, "needs a writable /dev/uinput (modprobe uinput)"))
    func withNoPlayerAndNoReaderConfiguredTheDeviceThatTypesIsTheReader() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let reader = try UInputBox(
            keys: (0...9).map { "KEY_\($0)" } + ["KEY_ENTER"],
            name: "cdwally test reader \(UUID().uuidString.prefix(8))")
        let assign = try RunningCommand(cli, ["card", "assign", "two", "--library", library.root])
        try await assign.waitUntil("assign to wait") { assign.stderr.contains("waiting 60 s") }
        // The devices may be opened after the message: the card is typed until it is taken.
        let typing = Task {
            while !Task.isCancelled {
                for key in "0099".map({ "KEY_\($0)" }) + ["KEY_ENTER"] {
                    reader.key(key, 1)
                    reader.key(key, 0)
                }
                try? await Task.sleep(for: .milliseconds(500))
            }
        }
        defer { typing.cancel() }
        #expect(try await assign.wait() == 0, "\(assign.stderr)")
        #expect(assign.stdout == "Card 0099 plays Bob — Two.\n", "\(assign.stdout)")
        #expect(
            assign.stderr.contains("cdwally: the card was typed by \(reader.name) (/dev/input/event"),
            "\(assign.stderr)")
        #expect(assign.stderr.contains("put reader = \"\(reader.name)\" under [cards]"), "\(assign.stderr)")
    }
}
