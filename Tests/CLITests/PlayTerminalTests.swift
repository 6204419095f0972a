import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `cdwally play` on a real terminal: the built binary in a tmux pane (a private tmux
/// server per test), driven with keys and read back from the screen, as a user would. The
/// demo library plays in real time into a null output.
@Suite struct PlayTerminalTests {
    /// "DISC 01  TRACK 02/04  00:01 / 00:03  PAUSE", read off the screen.
    struct LCD: Equatable {
        var disc: Int
        var track: Int
        var total: Int
        var elapsed: String
        var state: String

        init?(screen: String) {
            let pattern = /DISC (\d+)  TRACK (\d+)\/(\d+)  (\d+:\d\d) \/ \S+  (PLAY|PAUSE|STOP)/
            guard let line = screen.split(separator: "\n").first,
                let match = String(line).firstMatch(of: pattern)
            else { return nil }
            disc = Int(match.1)!
            track = Int(match.2)!
            total = Int(match.3)!
            elapsed = String(match.4)
            state = String(match.5)
        }
    }

    /// A tmux server of its own (its socket in the test's home) running one shell command
    /// in a 100×30 pane; killed, which hangs up on whatever still runs in it, by `close()`.
    final class Pane {
        private let socket: String
        private let environment: [String: String]
        private let folder: String

        init(command: String, environment: [String: String], folder: String) throws {
            self.environment = environment
            self.folder = folder
            socket = folder + "/tmux.sock"
            try #require(
                tmux(["-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", "-s", "play", command])
                    != nil)
        }

        /// Runs tmux on this test's server; its stdout, or nil when it failed.
        ///
        /// Spawned with no signal blocked: a test runs on a pool thread whose mask blocks
        /// SIGTERM, SIGHUP and SIGCHLD, and Foundation's `Process` would pass that on to
        /// the tmux server and everything in its pane. Output goes to a file: the server
        /// forks off and would hold a pipe open for ever.
        @discardableResult
        func tmux(_ arguments: [String]) -> String? {
            let output = folder + "/.tmux-\(UUID().uuidString)"
            defer { unlink(output) }
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            posix_spawnattr_setsigmask(&attributes, &unblocked)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
            var files = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&files)
            defer { posix_spawn_file_actions_destroy(&files) }
            posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&files, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&files, 2, "/dev/null", O_WRONLY, 0)
            let argv = (["/usr/bin/tmux", "-S", socket] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer {
                for string in argv + envp { free(string) }
            }
            var pid: pid_t = 0
            guard posix_spawn(&pid, "/usr/bin/tmux", &files, &attributes, argv, envp) == 0 else { return nil }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            guard status == 0 else { return nil }
            return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        }

        /// What the pane shows now.
        func screen() -> String {
            tmux(["capture-pane", "-p", "-t", "play"]) ?? ""
        }

        /// A tmux format about the pane: `alternate_on`, `cursor_flag`, `pane_pid`.
        func flag(_ name: String) -> String {
            (tmux(["display-message", "-p", "-t", "play", "#{\(name)}"]) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Types characters as they are.
        func type(_ text: String) {
            tmux(["send-keys", "-t", "play", "-l", text])
        }

        /// Presses keys by tmux name: "Enter", "PageDown", "C-c".
        func press(_ keys: String...) {
            tmux(["send-keys", "-t", "play"] + keys)
        }

        func resize(columns: Int, rows: Int) {
            tmux(["resize-window", "-t", "play", "-x", "\(columns)", "-y", "\(rows)"])
        }

        /// Polls the screen until `condition` holds; the screen it held on, or nil after
        /// `timeout` (generous: the machine is slow and shared).
        func waitFor(timeout: Duration = .seconds(60), _ condition: (String) -> Bool) async -> String? {
            let deadline = ContinuousClock.now + timeout
            repeat {
                let shown = screen()
                if condition(shown) { return shown }
                try? await Task.sleep(for: .milliseconds(150))
            } while ContinuousClock.now < deadline
            return nil
        }

        /// Polls until the LCD line satisfies `condition`.
        func waitForLCD(timeout: Duration = .seconds(60), _ condition: (LCD) -> Bool) async -> LCD? {
            let shown = await waitFor(timeout: timeout) { screen in
                LCD(screen: screen).map(condition) ?? false
            }
            return shown.flatMap { LCD(screen: $0) }
        }

        /// The pid of the `cdwally` process the pane's shell is running.
        func playerPID() -> Int32? {
            guard let shell = Int32(flag("pane_pid")) else { return nil }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            for entry in entries {
                guard let pid = Int32(entry),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { continue }
                let name = stat[stat.index(after: stat.firstIndex(of: "(")!)..<close]
                let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
                if name == "cdwally", fields.count > 1, Int32(fields[1]) == shell { return pid }
            }
            return nil
        }

        func close() {
            tmux(["kill-server"])
        }
    }

    /// A private home with the demo library copied into it.
    private func setUp() throws -> (cli: CLI, library: String) {
        let cli = try CLI()
        let library = cli.home + "/Music"
        try FileManager.default.copyItem(atPath: CLI.repository + "/Examples/Library", toPath: library)
        return (cli, library)
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `cdwally play …` in the pane, then what a user would check afterwards: the exit
    /// status and whether the terminal is back in cooked mode with echo.
    private func start(
        _ cli: CLI, library: String, _ arguments: [String], extraEnvironment: [String: String] = [:]
    )
        throws -> Pane
    {
        let command = ([CLI.binary, "--library", library, "play"] + arguments + ["--mpv", "ao=null"])
            .map(Self.quoted).joined(separator: " ")
        let after =
            "echo EXITED $?; echo STTY $(stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(icanon|echo|isig)'); "
            + "sleep 600"
        return try Pane(
            command: "\(command); \(after)", environment: cli.environment.merging(extraEnvironment) { $1 },
            folder: cli.home)
    }

    /// The exit line and the terminal modes once the player has gone.
    private func expectTerminalRestored(_ pane: Pane, exitStatus: Int) async {
        let shown = await pane.waitFor { $0.contains("STTY ") }
        #expect(shown?.contains("EXITED \(exitStatus)") == true, "\(shown ?? pane.screen())")
        #expect(shown?.contains("STTY isig icanon echo") == true, "\(shown ?? pane.screen())")
        #expect(pane.flag("alternate_on") == "0")
        #expect(pane.flag("cursor_flag") == "1")
    }

    @Test func spacePausesAndResumesAndNMovesToTheNextTrack() async throws {
        let (cli, library) = try setUp()
        defer { cli.remove() }
        let pane = try start(cli, library: library, ["1", "--then", "next"])
        defer { pane.close() }

        let playing = try #require(await pane.waitForLCD { $0.disc == 1 && $0.state == "PLAY" })
        #expect(playing.total == 4)
        let screen = pane.screen()
        #expect(screen.contains("Captain Oscillator & The Square Deals — Chord Sandwich — "))
        #expect(screen.contains("? keys  q quit"))
        #expect(pane.flag("alternate_on") == "1")
        #expect(pane.flag("cursor_flag") == "0")

        pane.type(" ")
        let paused = try #require(await pane.waitForLCD { $0.state == "PAUSE" })
        // Time stands still while paused: the LCD reads the same for a good while.
        for _ in 0..<8 {
            try await Task.sleep(for: .milliseconds(250))
            #expect(LCD(screen: pane.screen()) == paused)
        }

        pane.type(" ")
        #expect(await pane.waitForLCD { $0.state == "PLAY" } != nil)
        pane.type(" ")
        let again = try #require(await pane.waitForLCD { $0.state == "PAUSE" })

        // Paused, nothing moves on by itself; `n` on the last track ends the disc and
        // `--then next` takes the next one.
        pane.type("n")
        let expected = again.track < again.total ? (again.disc, again.track + 1) : (again.disc + 1, 1)
        let moved = await pane.waitForLCD { $0.disc == expected.0 && $0.track == expected.1 }
        #expect(moved != nil, "\(pane.screen())")

        // The volume keys show what they did.
        pane.type("-")
        #expect(await pane.waitFor { $0.contains("VOL 95 · 3 discs") } != nil, "\(pane.screen())")
        pane.type("m")
        #expect(await pane.waitFor { $0.contains("MUTED · 3 discs") } != nil, "\(pane.screen())")
        pane.type("m")
        #expect(await pane.waitFor { $0.contains("VOL 95 · 3 discs") } != nil, "\(pane.screen())")
        pane.type("q")
        await expectTerminalRestored(pane, exitStatus: 0)
    }

    /// `/` searches the whole library; Enter plays the album chosen, putting it into the
    /// wallet first (one line in the CDs playlist), and Esc goes back.
    @Test func slashSearchesTheLibraryAndEnterPlaysAnAlbumNotInTheWallet() async throws {
        let (cli, library) = try setUp()
        defer { cli.remove() }
        // The demo's third album leaves the wallet: the search must find it in the library.
        let playlist = library + "/CDs.m3u8"
        let lines = try String(contentsOfFile: playlist, encoding: .utf8).split(separator: "\n")
            .filter { !$0.contains("Sine Waves") }
        try (lines.joined(separator: "\n") + "\n").write(toFile: playlist, atomically: true, encoding: .utf8)
        #expect(try await cli.run(["scan", "--library", library]).status == 0)
        let pane = try start(cli, library: library, ["1"])
        defer { pane.close() }
        #expect(await pane.waitForLCD { $0.disc == 1 } != nil)

        pane.type("/")
        #expect(await pane.waitFor { $0.contains("Search: _ · 3 albums") } != nil, "\(pane.screen())")
        pane.press("Escape")
        #expect(await pane.waitFor { !$0.contains("Search:") } != nil, "\(pane.screen())")
        pane.type("/sine tide")
        let found = await pane.waitFor { $0.contains("Search: sine tide_ · 1 album") }
        #expect(found?.contains("> The Sine Waves — Low Tide Arpeggios") == true, "\(found ?? pane.screen())")
        pane.press("Enter")
        // The Sine Waves sort last: disc 3 of the wallet it joined, playing from its start.
        #expect(await pane.waitForLCD { $0.disc == 3 && $0.state == "PLAY" } != nil, "\(pane.screen())")
        let written = try String(contentsOfFile: playlist, encoding: .utf8)
        #expect(written.hasPrefix(lines.joined(separator: "\n") + "\n"))
        #expect(written.contains("The Sine Waves/Low Tide Arpeggios (2019)/01 - "))
        pane.type("q")
        await expectTerminalRestored(pane, exitStatus: 0)
    }

    @Test func discKeysHelpAndQuit() async throws {
        let (cli, library) = try setUp()
        defer { cli.remove() }
        let pane = try start(cli, library: library, ["1", "--then", "next"])
        defer { pane.close() }

        #expect(await pane.waitForLCD { $0.disc == 1 } != nil)
        pane.type(" ")
        #expect(await pane.waitForLCD { $0.state == "PAUSE" } != nil)
        pane.type("]")
        #expect(await pane.waitForLCD { $0.disc == 2 } != nil, "\(pane.screen())")
        #expect(
            await pane.waitFor { $0.contains("Dr. Theremin's Polite Orchestra — Music for Waiting Rooms") }
                != nil)
        pane.press("PageUp")
        #expect(await pane.waitForLCD { $0.disc == 1 } != nil, "\(pane.screen())")

        pane.type("3")
        #expect(await pane.waitFor { $0.contains("Disc 3_ · The Sine Waves — Low Tide Arpeggios") } != nil)
        pane.press("Enter")
        #expect(await pane.waitForLCD { $0.disc == 3 && $0.total == 3 } != nil, "\(pane.screen())")

        pane.type("9")
        pane.press("Enter")
        let refused = await pane.waitFor { $0.contains("there is no disc 9: the wallet holds 3 discs (1–3)") }
        #expect(refused != nil, "\(pane.screen())")

        pane.type("?")
        let help = await pane.waitFor { $0.contains("play / pause") }
        #expect(help?.contains("] PgDn") == true)
        #expect(help?.contains("? hide keys") == true)
        pane.type("?")
        #expect(await pane.waitFor { !$0.contains("play / pause") && $0.contains("? keys  q quit") } != nil)

        pane.resize(columns: 40, rows: 10)
        let narrow = await pane.waitFor { $0.hasPrefix("DISC 03 TRACK ") }
        #expect(narrow != nil, "\(pane.screen())")
        let rows = narrow?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        #expect(rows.count >= 2 && rows[1].hasPrefix("The Sine Waves — Low Tide") && rows[1].hasSuffix("…"))

        pane.press("C-c")
        await expectTerminalRestored(pane, exitStatus: 0)
    }

    @Test func theDisplayStaysOpenStoppedWhenTheDiscEnds() async throws {
        let (cli, library) = try setUp()
        defer { cli.remove() }
        let pane = try start(cli, library: library, ["2"])
        defer { pane.close() }

        #expect(await pane.waitForLCD { $0.disc == 2 && $0.total == 3 } != nil)
        pane.type(" ")
        var lcd = try #require(await pane.waitForLCD { $0.state == "PAUSE" })
        while lcd.track < lcd.total {
            pane.type("n")
            let track = lcd.track
            lcd = try #require(await pane.waitForLCD { $0.track == track + 1 })
        }
        pane.type("n")
        let stopped = await pane.waitFor { screen in
            LCD(screen: screen)?.state == "STOP"
                && screen.contains("Finished: Dr. Theremin's Polite Orchestra")
        }
        #expect(stopped != nil, "\(pane.screen())")
        #expect(stopped?.contains("EXITED") == false)
        // Still there, and still taking keys.
        pane.type("?")
        #expect(await pane.waitFor { $0.contains("play / pause") } != nil)
        pane.type("q")
        await expectTerminalRestored(pane, exitStatus: 0)
    }

    @Test func afterTheLastDiscOfAThenNextRunTheDisplayEndsByItself() async throws {
        let (cli, library) = try setUp()
        defer { cli.remove() }
        let pane = try start(cli, library: library, ["3", "--then", "next"])
        defer { pane.close() }

        var lcd = try #require(await pane.waitForLCD { $0.disc == 3 })
        while lcd.track < lcd.total {
            pane.type("n")
            let track = lcd.track
            lcd = try #require(await pane.waitForLCD { $0.track > track })
        }
        pane.type("n")
        await expectTerminalRestored(pane, exitStatus: 0)
    }

    @Test func sigtermRestoresTheTerminalAndSavesThePosition() async throws {
        let (cli, library) = try setUp()
        defer { cli.remove() }
        let pane = try start(cli, library: library, ["3"])
        defer { pane.close() }

        #expect(await pane.waitForLCD { $0.disc == 3 && $0.elapsed != "00:00" } != nil)
        pane.type(" ")
        let paused = try #require(await pane.waitForLCD { $0.state == "PAUSE" })
        let pid = try #require(pane.playerPID())
        // What a library writes to fd 2 shows on the message line, not over the display.
        try Data("ALSA lib pcm.c: stray library output\n".utf8).write(
            to: URL(fileURLWithPath: "/proc/\(pid)/fd/2"))
        let stray = await pane.waitFor { $0.contains("ALSA lib pcm.c: stray library output") }
        #expect(stray.map { LCD(screen: $0) == paused } == true, "\(pane.screen())")
        #expect(kill(pid, SIGTERM) == 0)
        await expectTerminalRestored(pane, exitStatus: 0)

        let json = try await cli.json(["discs", "--library", library])
        let discs = try #require(json["discs"] as? [[String: Any]])
        let resume = try #require(discs[2]["resume"] as? [String: Any])
        #expect(resume["track"] as? Int == paused.track)
        let shownSeconds = paused.elapsed.split(separator: ":").compactMap { Double($0) }.reduce(0) {
            $0 * 60 + $1
        }
        #expect((resume["position"] as? Double ?? -1) >= shownSeconds)
    }

    /// A process's state letter in /proc (`T`: stopped), or nil once it is gone.
    private static func processState(_ pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].first
    }

    @Test func ctrlZSuspendsToTheShellAndFgBringsTheDisplayBack() async throws {
        let (cli, library) = try setUp()
        defer { cli.remove() }
        // An interactive shell with job control, as the user's: only there does Ctrl-Z stop a job.
        let pane = try Pane(
            command: "bash --norc --noprofile -i", environment: cli.environment,
            folder: cli.home)
        defer { pane.close() }
        let command = [CLI.binary, "--library", library, "play", "1", "--mpv", "ao=null"].map(Self.quoted)
        pane.type(command.joined(separator: " "))
        pane.press("Enter")
        #expect(await pane.waitForLCD { $0.disc == 1 && $0.state == "PLAY" } != nil, "\(pane.screen())")
        let pid = try #require(pane.playerPID())
        // Paused, so the short demo disc cannot end while the test looks.
        pane.type(" ")
        let paused = try #require(await pane.waitForLCD { $0.state == "PAUSE" })

        pane.press("C-z")
        let shell = await pane.waitFor { $0.contains("+  Stopped") }
        #expect(shell != nil, "\(pane.screen())")
        #expect(await eventually { Self.processState(pid) == "T" })
        #expect(pane.flag("alternate_on") == "0")
        #expect(pane.flag("cursor_flag") == "1")
        // In the background it would draw over the shell: it stops again instead.
        pane.type("bg")
        pane.press("Enter")
        #expect(await pane.waitFor { $0.contains(" bg\n[1]+ ") } != nil, "\(pane.screen())")
        #expect(await eventually { Self.processState(pid) == "T" })
        #expect(pane.flag("alternate_on") == "0")
        #expect(!pane.screen().contains("DISC 01"))

        // Other commands say at once that it is suspended, and nothing waits to be carried
        // out on `fg`: the toggle below must not unpause it.
        let asked = ContinuousClock.now
        let status = try await cli.run(["status"])
        #expect(ContinuousClock.now - asked < .seconds(2))
        #expect(status.status == 75)
        #expect(
            status.stderr.hasPrefix("cdwally: the player is suspended (Ctrl-Z in its terminal"),
            "\(status.stderr)")
        #expect(try await cli.run(["toggle"]).status == 75)

        pane.type("fg")
        pane.press("Enter")
        let back = await pane.waitForLCD { $0 == paused }
        #expect(back != nil, "\(pane.screen())")
        #expect(Self.processState(pid) != "T")
        #expect(pane.flag("alternate_on") == "1")
        #expect(pane.screen().contains("Captain Oscillator & The Square Deals — Chord Sandwich — "))
        // Keys work again.
        pane.type(" ")
        #expect(await pane.waitForLCD { $0.state == "PLAY" } != nil, "\(pane.screen())")
        pane.type("q")
        #expect(await eventually { Self.processState(pid) == nil })
        #expect(pane.flag("alternate_on") == "0")
    }

    @Test func aCrashRestoresTheTerminal() async throws {
        let (cli, library) = try setUp()
        defer { cli.remove() }
        // The Swift backtracer reports the crash without waiting for a key. Under
        // Scripts/sanitize, the sanitizer leaves SIGSEGV alone in this one player: the signal
        // is the test's own kill, not a bad access, and the sanitizer's handler, to which the
        // crash handler hands it on, would report it and exit with a status of its own. The
        // backtracer is off there too: it starts a process from the signal handler, where
        // TSan's fork interceptor fails a check, and reads whole stack pages, which ASan
        // reports for the redzones among them.
        var environment = ["SWIFT_BACKTRACE": "interactive=no"]
        for name in ["TSAN_OPTIONS", "ASAN_OPTIONS"] {
            guard let options = cli.environment[name] else { continue }
            environment[name] = options + " handle_segv=0"
            environment["SWIFT_BACKTRACE"] = "enable=no"
        }
        let pane = try start(cli, library: library, ["1", "--then", "next"], extraEnvironment: environment)
        defer { pane.close() }

        #expect(await pane.waitForLCD { $0.disc == 1 } != nil)
        let pid = try #require(pane.playerPID())
        try Data("last words before the crash\n".utf8).write(to: URL(fileURLWithPath: "/proc/\(pid)/fd/2"))
        #expect(await pane.waitFor { $0.contains("last words before the crash") } != nil)
        #expect(kill(pid, SIGSEGV) == 0)
        await expectTerminalRestored(pane, exitStatus: 128 + Int(SIGSEGV))
        // The captured stderr's last bytes are replayed on the real one, where they stay.
        let history = pane.tmux(["capture-pane", "-p", "-S", "-1000", "-t", "play"]) ?? ""
        #expect(history.contains("last words before the crash\n"))
        #expect(history.contains("Segmentation fault") || history.contains("crashed"))
    }
}
