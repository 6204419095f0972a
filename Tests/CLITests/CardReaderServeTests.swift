import Foundation
import Glibc
import TestSupport
import Testing

/// `[cards] reader` through the binary (docs/PRODUCT.md §11): `serve` says where its reader
/// is, refuses a reader setting that names nothing, and, with a uinput reader (the
/// whole-machine guest only), hands a card typed on it to the player and leaves the reader out
/// of `--input auto`.
@Suite struct CardReaderServeTests {
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        try library.add(
            "Ann/One/01.flac", template: "long.flac",
            tags: ["TITLE": "One", "ARTIST": "Ann", "ALBUM": "One", "TRACKNUMBER": "1"])
        try library.playlist("Ann/One/\n")
        return library
    }

    private func configure(_ cli: CLI, _ cards: String) throws {
        try cli.writeConfig("[cards]\n\(cards)")
    }

    /// `doctor` says where each configured reader is, or why it is not there.
    @Test func doctorSaysWhereEachReaderIs() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let file = cli.home + "/not-a-reader"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        try configure(
            cli, "reader = [\"\(cli.home)/by-id/usb-Reader-event-kbd\", \"\(file)\", \"No Such Reader 42\"]\n"
        )
        let report = try await cli.json(["doctor", "--json", "--library", library.root])
        let health = report["health"] as? [String: Any] ?? report
        let readers = try #require(health["cardReaders"] as? [[String: Any]], "\(report.keys)")
        #expect(
            readers.map { $0["reader"] as? String } == [
                cli.home + "/by-id/usb-Reader-event-kbd", file, "No Such Reader 42",
            ])
        #expect((readers[0]["problem"] as? String)?.hasPrefix("not plugged in") == true, "\(readers[0])")
        #expect(
            (readers[1]["problem"] as? String)?.contains("not an evdev input device") == true, "\(readers[1])"
        )
        #expect(
            (readers[2]["problem"] as? String)?.hasPrefix("no device of that name") == true, "\(readers[2])")
        #expect(readers.allSatisfy { ($0["found"] as? [Any])?.isEmpty == true })
        let text = try await cli.run(["doctor", "--library", library.root])
        #expect(text.stdout.contains("3 card readers configured"), "\(text.stdout)")
        #expect(text.stdout.contains("No Such Reader 42: no device of that name"), "\(text.stdout)")
    }

    @Test func aReaderNotPluggedInYetIsSaidAndServeRuns() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let path = "/dev/input/by-id/usb-cdwally-test-\(UUID().uuidString.prefix(8))-event-kbd"
        try configure(cli, "reader = \"\(path)\"\n")
        // Said at info level, which a terminal's stderr shows with --verbose (journald always).
        let serve = try await startServe(cli, library, extra: ["--idle", "--verbose"])
        let line = "the card reader \(path) is not there; it is read once plugged in"
        try await serve.waitUntil("the reader's line") { serve.stderr.contains(line) }
        #expect(!serve.stderr.contains("unknown key cards.reader"))
        _ = try await cli.run(["quit"])
        #expect(try await serve.wait() == 0)
    }

    @Test func theReaderIsHeldWhileServeWaitsForItsLibrary() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let path = "/dev/input/by-id/usb-cdwally-test-\(UUID().uuidString.prefix(8))-event-kbd"
        try configure(cli, "reader = \"\(path)\"\n")
        let serve = try RunningCommand(
            cli, ["serve", "--library", cli.home + "/not-mounted", "--mpv", "ao=null", "--verbose"])
        try await serve.waitUntil("the reader's line while waiting") {
            serve.stderr.contains("waiting for")
                && serve.stderr.contains("the card reader \(path) is not there")
        }
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func aReaderThatNamesNothingIsAConfigurationError() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        try configure(cli, "reader = []\n")
        let refused = try await cli.run(["serve", "--library", library.root, "--mpv", "ao=null"])
        #expect(refused.status == 78, "\(refused)")
        #expect(refused.stderr.contains("config.toml:2: cards.reader: must name a reader"), "\(refused)")
    }

    @Test(.enabled(if: UInputBox.isAvailable, "needs a writable /dev/uinput (modprobe uinput)"))
    func aCardTypedOnTheConfiguredReaderReachesThePlayer() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let reader = try UInputBox(
            keys: (0...9).map { "KEY_\($0)" } + ["KEY_ENTER", "KEY_PLAYPAUSE"],
            name: "cdwally test reader \(UUID().uuidString.prefix(8))")
        try configure(cli, "reader = \"\(reader.name)\"\n")
        let serve = try await startServe(cli, library, extra: ["--idle", "--verbose", "--input", "auto"])
        try await serve.waitUntil("the reader to be open") {
            serve.stderr.contains("reading cards from \(reader.name) (/dev/input/event")
        }
        #expect(serve.stderr.contains("\(reader.name) (/dev/input/event"))
        try await serve.waitUntil("the key reader to leave it out") {
            serve.stderr.contains("is the card reader: not read for keys")
        }
        for key in "0012345678".map({ "KEY_\($0)" }) + ["KEY_ENTER"] {
            reader.key(key, 1)
            reader.key(key, 0)
        }
        try await serve.waitUntil("the card") {
            serve.stderr.contains("card 0012345678 from \(reader.name)")
        }
        // No album has it: it is the last card read, and the reader is named.
        let status = try await cli.json(["status"])
        let card = status["lastCard"] as? [String: Any]
        #expect(card?["number"] as? String == "0012345678", "\(status)")
        #expect(card?["outcome"] as? String == "unknown", "\(status)")
        #expect(card?["device"] as? String == reader.name, "\(status)")
        _ = try await cli.run(["quit"])
        #expect(try await serve.wait() == 0)
    }
}
