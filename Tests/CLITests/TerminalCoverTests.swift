import Foundation
import TestSupport
import Testing

/// The disc's cover beside `play`'s display: the worker that draws it (real libvips and
/// libchafa on the demo's pictures), the display in a tmux pane (symbols: tmux passes no
/// pictures through), and the bytes a kitty and a dumb terminal are sent.
@Suite struct TerminalCoverTests {
    typealias Pane = PlayTerminalTests.Pane

    static let cover = CLI.repository + "/Examples/Library/The Sine Waves/Low Tide Arpeggios (2019)/cover.png"
    /// Block characters, which the symbols are drawn with (U+2580–U+259F).
    static let blocks = Unicode.Scalar(0x2580)!...Unicode.Scalar(0x259F)!

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A private home with the demo library; disc 3 (The Sine Waves) has no cover in it.
    private func setUp() throws -> (cli: CLI, library: String) {
        let cli = try CLI()
        let library = cli.home + "/Music"
        try FileManager.default.copyItem(atPath: CLI.repository + "/Examples/Library", toPath: library)
        try FileManager.default.removeItem(
            atPath: library + "/The Sine Waves/Low Tide Arpeggios (2019)/cover.png")
        return (cli, library)
    }

    private func playCommand(_ library: String, _ arguments: [String]) -> String {
        ([CLI.binary, "--library", library, "play"] + arguments + ["--mpv", "ao=null"]).map(Self.quoted)
            .joined(separator: " ")
    }

    /// How many cells of the top left `columns`×`rows` of `screen` hold a block character.
    private static func blockCells(_ screen: String, columns: Int, rows: Int) -> Int {
        screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows).map { line in
            line.unicodeScalars.prefix(columns).filter { blocks.contains($0) }.count
        }.reduce(0, +)
    }

    private static func hasBlocks(_ screen: String) -> Bool {
        screen.unicodeScalars.contains { blocks.contains($0) }
    }

    @Test func theWorkerDrawsInTheModeTheTerminalAnnounces() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let arguments = ["terminal-cover", "20", "10", "0", "0", "--", Self.cover]
        let kitty = try await cli.run(
            arguments, extraEnvironment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"])
        #expect(kitty.status == 0, "\(kitty.stderr)")
        #expect(kitty.stdout.hasPrefix("kitty 20 10\n\u{1B}_G"), "\(kitty.stdout.prefix(80))")

        // libchafa's database takes xterm-256color for truecolor; tmux's TERM announces 256.
        let symbols = try await cli.run(arguments, extraEnvironment: ["TERM": "screen-256color"])
        #expect(symbols.stdout.hasPrefix("symbols-256 20 10\n"), "\(symbols.stdout.prefix(80))")
        #expect(!symbols.stdout.contains("\u{1B}_G") && !symbols.stdout.contains("\u{1B}P"))
        let rows = symbols.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        #expect(rows.count == 10)
        // Round: the corners are blank, the ring is drawn, the hole in the middle is blank.
        let cells = rows.map { row in
            Array(row.replacing(/\x1B\[[0-9;]*m/, with: "").unicodeScalars)
        }
        #expect(cells.allSatisfy { $0.count == 20 }, "\(cells.map(\.count))")
        #expect(cells[0][0] == " " && cells[9][19] == " ")
        #expect(Self.blocks.contains(cells[2][10]) || Self.blocks.contains(cells[3][10]))
        #expect(cells[4][9] == " " || cells[5][10] == " ")

        let truecolor = try await cli.run(
            arguments, extraEnvironment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        #expect(
            truecolor.stdout.hasPrefix("symbols-truecolor 20 10\n\u{1B}["), "\(truecolor.stdout.prefix(80))")

        // Sixel where the terminal is known for it, iTerm2's inline images in iTerm2.
        let sixel = try await cli.run(arguments, extraEnvironment: ["TERM": "foot"])
        #expect(sixel.stdout.hasPrefix("sixel 20 10\n\u{1B}P"), "\(sixel.stdout.prefix(80))")
        let iterm = try await cli.run(
            arguments, extraEnvironment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"])
        #expect(iterm.stdout.hasPrefix("iterm2 20 10\n\u{1B}]1337;File="), "\(iterm.stdout.prefix(80))")

        // Inside tmux or screen, whatever the terminal outside announced: symbols.
        let insideTmux = try await cli.run(
            arguments,
            extraEnvironment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", "TMUX": "/tmp/t,1,0"])
        #expect(insideTmux.stdout.hasPrefix("symbols-truecolor 20 10\n"), "\(insideTmux.stdout.prefix(80))")
        let insideScreen = try await cli.run(
            arguments,
            extraEnvironment: ["TERM": "screen-256color", "STY": "1.pts", "TERM_PROGRAM": "WezTerm"])
        #expect(insideScreen.stdout.hasPrefix("symbols-256 20 10\n"), "\(insideScreen.stdout.prefix(80))")

        for term in ["dumb", ""] {
            let dumb = try await cli.run(arguments, extraEnvironment: term.isEmpty ? [:] : ["TERM": term])
            #expect(dumb.stdout == "- the terminal takes no pictures\n", "\(dumb.stdout.prefix(80))")
        }

        let garbage = cli.home + "/garbage.jpg"
        try Data("not a picture at all".utf8).write(to: URL(fileURLWithPath: garbage))
        let broken = try await cli.run(
            ["terminal-cover", "20", "10", "0", "0", "--", garbage], extraEnvironment: ["TERM": "xterm"])
        #expect(broken.stdout.hasPrefix("- libvips: "), "\(broken.stdout)")
        let huge = try await cli.run(
            ["terminal-cover", "100000", "10", "0", "0", "--", Self.cover],
            extraEnvironment: ["TERM": "xterm"])
        #expect(huge.stdout == "- no picture fits 100000×10 cells\n", "\(huge.stdout)")
    }

    /// The Linux console's fonts hold the full and half blocks and none of the other block
    /// characters (▁ ▂ ▊ ▏ ▖ ▗ ...), which it shows as replacement characters: there the disc is
    /// drawn with those five alone. Elsewhere the finer ones are used.
    @Test func theLinuxConsoleGetsFullAndHalfBlocksOnly() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let arguments = ["terminal-cover", "32", "16", "0", "0", "--", Self.cover]
        let consoleBlocks: Set<Unicode.Scalar> = [" ", "█", "▀", "▄", "▌", "▐"]
        func glyphs(_ answer: String) -> Set<Unicode.Scalar> {
            Set(
                answer.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().flatMap {
                    $0.replacing(/\x1B\[[0-9;]*m/, with: "").unicodeScalars
                })
        }
        for term in ["linux", "linux-16color"] {
            let console = try await cli.run(arguments, extraEnvironment: ["TERM": term])
            #expect(console.status == 0, "\(console.stderr)")
            #expect(
                console.stdout.firstMatch(of: /^symbols-(16|256|truecolor) 32 16\n/) != nil,
                "\(console.stdout.prefix(80))")
            let drawn = glyphs(console.stdout)
            #expect(drawn.isSubset(of: consoleBlocks), "\(term): \(drawn.subtracting(consoleBlocks))")
            #expect(drawn.subtracting([" "]).count >= 3, "\(drawn)")
        }
        let xterm = try await cli.run(arguments, extraEnvironment: ["TERM": "xterm-256color"])
        #expect(!glyphs(xterm.stdout).isSubset(of: consoleBlocks), "the test tells nothing apart")
    }

    /// `NO_COLOR` (no-color.org): set to anything but "", no cover, whatever the terminal takes.
    @Test func noColourMeansNoCover() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let arguments = ["terminal-cover", "20", "10", "0", "0", "--", Self.cover]
        for value in ["1", "yes"] {
            let none = try await cli.run(
                arguments,
                extraEnvironment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", "NO_COLOR": value])
            #expect(none.status == 0)
            #expect(none.stdout == "- NO_COLOR is set\n", "\(none.stdout.prefix(80))")
        }
        let empty = try await cli.run(
            arguments, extraEnvironment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        #expect(empty.stdout.hasPrefix("symbols-truecolor 20 10\n"), "\(empty.stdout.prefix(80))")
    }

    @Test func theDisplayShowsTheCoverAndComesBackCleanAfterCtrlZResizeAndQuit() async throws {
        let (cli, library) = try setUp()
        defer { cli.remove() }
        // An interactive shell with job control, as the user's: only there does Ctrl-Z stop a job.
        let pane = try Pane(
            command: "bash --norc --noprofile -i", environment: cli.environment, folder: cli.home)
        defer { pane.close() }
        pane.type(playCommand(library, ["1"]))
        pane.press("Enter")
        // 100×30: a disc of 32×16 cells, the text from column 33.
        let shown = await pane.waitFor { screen in
            LCDLine.disc(in: screen) == 1 && Self.blockCells(screen, columns: 32, rows: 16) > 100
        }
        let screen = try #require(shown, "\(pane.screen())")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count >= 16, "\(screen)")
        #expect(lines.first?.contains("DISC 01") == true)
        // Corners and the centre hole are blank; text never overlaps the disc.
        let grid = lines.prefix(16).map { Array($0.unicodeScalars) }
        #expect(grid[0].first == " " || grid[0].first == nil)
        #expect(grid[8].count > 16 && grid[8][15] == " " && grid[8][16] == " ")
        for row in grid { #expect(row.count <= 32 || row[32] == " ") }
        pane.type(" ")
        #expect(await pane.waitFor { LCDLine.state(in: $0) == "PAUSE" } != nil)
        // Drawn by the worker: no image library ever maps into the player.
        let pid = try #require(pane.playerPID())
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        #expect(!maps.contains("libchafa") && !maps.contains("libvips") && !maps.contains("libpng"))

        // Ctrl-Z: the shell's screen, with no trace of the cover; fg brings it back.
        pane.press("C-z")
        let shell = await pane.waitFor { $0.contains("+  Stopped") }
        #expect(shell != nil, "\(pane.screen())")
        #expect(shell.map(Self.hasBlocks) == false)
        #expect(pane.flag("alternate_on") == "0")
        pane.type("fg")
        pane.press("Enter")
        #expect(
            await pane.waitFor {
                LCDLine.disc(in: $0) == 1 && Self.blockCells($0, columns: 32, rows: 16) > 100
            }
                != nil, "\(pane.screen())")

        // Narrower than 60 columns: no cover, the text from the first column. Wider again: back.
        pane.resize(columns: 50, rows: 20)
        let narrow = await pane.waitFor { $0.hasPrefix("DISC 01") && !Self.hasBlocks($0) }
        #expect(narrow != nil, "\(pane.screen())")
        pane.resize(columns: 80, rows: 24)
        // 80×24: 26×13 cells.
        #expect(
            await pane.waitFor {
                LCDLine.disc(in: $0) == 1 && Self.blockCells($0, columns: 26, rows: 13) > 60
            }
                != nil, "\(pane.screen())")

        // The picker shows the disc its number names: disc 3 has none, Esc brings disc 1's back.
        pane.type("3")
        let picking = await pane.waitFor { $0.contains("Disc 3_ · The Sine Waves") && !Self.hasBlocks($0) }
        #expect(picking != nil, "\(pane.screen())")
        pane.press("Escape")
        #expect(
            await pane.waitFor {
                LCDLine.disc(in: $0) == 1 && Self.blockCells($0, columns: 26, rows: 13) > 60
            }
                != nil, "\(pane.screen())")

        // A disc without a cover: the left is blank, the text takes the whole width.
        pane.type("3")
        pane.press("Enter")
        let bare = await pane.waitFor { $0.hasPrefix("DISC 03") && !Self.hasBlocks($0) }
        #expect(bare != nil, "\(pane.screen())")

        pane.type("q")
        #expect(await eventually { pane.flag("alternate_on") == "0" })
        let back = pane.screen()
        #expect(!back.contains("DISC 0") && !Self.hasBlocks(back), "\(back)")
        #expect(pane.flag("cursor_flag") == "1")
    }

    @Test func noCoverTheConfigAndNoColourLeaveItOut() async throws {
        let (cli, library) = try setUp()
        defer { cli.remove() }
        let configFolder = cli.home + "/config/cdwally"
        try FileManager.default.createDirectory(atPath: configFolder, withIntermediateDirectories: true)
        let cases: [([String], String, [String: String])] = [
            (["1", "--no-cover"], "", [:]), (["1"], "[display]\ncover = false\n", [:]),
            (["1"], "", ["NO_COLOR": "1"]),
        ]
        for (index, (arguments, config, environment)) in cases.enumerated() {
            try config.write(toFile: configFolder + "/config.toml", atomically: true, encoding: .utf8)
            // A tmux server of its own for each: the last one's may still be going away.
            let folder = cli.home + "/pane-\(index)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let pane = try Pane(
                command: playCommand(library, arguments) + "; echo EXITED; sleep 600",
                environment: cli.environment.merging(environment) { $1 },
                folder: folder)
            defer { pane.close() }
            // The text from the first column, and still no cover a while later.
            #expect(await pane.waitFor { $0.hasPrefix("DISC 01  TRACK") } != nil, "\(pane.screen())")
            try await Task.sleep(for: .seconds(2))
            let screen = pane.screen()
            #expect(
                screen.hasPrefix("DISC 01  TRACK") && !Self.hasBlocks(screen),
                "\(arguments) \(config) \(environment): \(screen)")
            pane.type("q")
            // One player per user: the next run must not find this one.
            #expect(await pane.waitFor { $0.contains("EXITED") } != nil)
        }
    }

    /// `play` under `script`, which keeps every byte written to the terminal it makes, with
    /// tmux's variables taken out and `extra` set: a terminal that announces what `extra` says.
    /// The bytes once `keys` were typed and it ended.
    private func recordedPlay(_ extra: [String: String], keys: String?, arguments: [String]) async throws
        -> (bytes: String, screen: String)
    {
        let (cli, library) = try setUp()
        defer { cli.remove() }
        let log = cli.home + "/typescript"
        let settings = extra.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        let command =
            "env -u TMUX -u TERM_PROGRAM -u TERM_PROGRAM_VERSION \(settings) script -qfc \(Self.quoted(playCommand(library, arguments))) \(Self.quoted(log)); "
            + "echo EXITED $?; sleep 600"
        let pane = try Pane(command: command, environment: cli.environment, folder: cli.home)
        defer { pane.close() }
        if let keys {
            // Once the display is up and the cover came (or had time to), leave.
            _ = await pane.waitFor(timeout: .seconds(30)) { _ in
                (try? String(contentsOfFile: log, encoding: .utf8))?.contains("\u{1B}_G") == true
            }
            // A few clock ticks go by: none may send the picture again.
            try await Task.sleep(for: .seconds(1.5))
            pane.type(keys)
        }
        let screen = await pane.waitFor(timeout: .seconds(90)) { $0.contains("EXITED") } ?? pane.screen()
        let bytes = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return (bytes, screen)
    }

    @Test func aKittyTerminalIsSentTheImageAndItIsDeletedOnQuit() async throws {
        let run = try await recordedPlay(
            ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], keys: "q", arguments: ["1"])
        #expect(run.screen.contains("EXITED 0"), "\(run.screen)")
        let image = try #require(run.bytes.range(of: "\u{1B}_Ga=T"), "no kitty image sent")
        #expect(run.bytes.components(separatedBy: "\u{1B}_Ga=T").count == 2, "sent more than once")
        let delete = try #require(run.bytes.range(of: "\u{1B}_Ga=d\u{1B}\\", options: .backwards))
        let leave = try #require(run.bytes.range(of: "\u{1B}[?1049l", options: .backwards))
        #expect(image.upperBound <= delete.lowerBound && delete.upperBound <= leave.lowerBound)
        // Pictures are kitty's only: no sixel, no iTerm2.
        #expect(!run.bytes.contains("\u{1B}Pq") && !run.bytes.contains("\u{1B}]1337"))
    }

    @Test func aDumbTerminalIsSentNoPicture() async throws {
        let run = try await recordedPlay(["TERM": "dumb"], keys: nil, arguments: ["1", "--then", "stop"])
        #expect(run.screen.contains("EXITED 0"), "\(run.screen)")
        #expect(run.bytes.contains("Bread First"), "\(run.bytes)")
        #expect(!run.bytes.contains("\u{1B}"), "\(run.bytes.debugDescription)")
    }
}

/// The LCD line of a captured screen, wherever it starts (beside the cover or not).
enum LCDLine {
    static func disc(in screen: String) -> Int? {
        guard let line = screen.split(separator: "\n").first,
            let match = String(line).firstMatch(of: /DISC (\d+)  TRACK/)
        else { return nil }
        return Int(match.1)
    }

    static func state(in screen: String) -> String? {
        guard let line = screen.split(separator: "\n").first,
            let match = String(line).firstMatch(of: /(PLAY|PAUSE|STOP)/)
        else { return nil }
        return String(match.1)
    }
}
