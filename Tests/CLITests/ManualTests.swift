import CDWallyKeys
import Foundation
import TestSupport
import Testing

/// `man/cdwally.1` is the whole of cdwally for its users. These tests keep it
/// true: to the built binary (every command and option its help shows), to the sources that
/// define what a user writes or sees (exit codes, config keys, environment variables, the
/// evdev key map, the control protocol), and to roff (no warnings from `man` or groff).
@Suite struct ManualTests {
    static let manualPath = CLI.repository + "/man/cdwally.1"

    @Test func rendersWithoutWarnings() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let man = try await tool(
            "man", ["--warnings", "-l", Self.manualPath], cli: cli, extraEnvironment: ["MANWIDTH": "80"])
        #expect(man.status == 0)
        #expect(man.stderr.isEmpty, "man --warnings: \(man.stderr)")
        #expect(man.stdout.contains("EXIT STATUS"))
        #expect(man.stdout.contains("cdwally - play whole albums"))
        // groff at its strictest catches what man's default warning set lets through.
        let groff = try await tool("groff", ["-man", "-ww", "-z", Self.manualPath], cli: cli)
        #expect(groff.status == 0)
        #expect(groff.stderr.isEmpty, "groff -ww: \(groff.stderr)")
    }

    @Test func documentsEveryCommandAndOptionOfTheHelp() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let help = try await cli.run(["--help"])
        try #require(help.status == 0)
        let commands = Self.subcommands(inHelp: help.stdout)
        try #require(commands.count >= 17, "found only \(commands) in --help")
        var helpTexts = [help.stdout]
        for command in commands {
            let result = try await cli.run(["help", command])
            #expect(result.status == 0, "cdwally help \(command): \(result.stderr)")
            helpTexts.append(result.stdout)
        }
        let options = Set(helpTexts.flatMap { Self.matches(of: #"--[a-z][a-z0-9-]*"#, in: $0) })
        try #require(options.isSuperset(of: ["--library", "--json", "--audio-device", "--input"]))

        let manual = try Page(path: Self.manualPath)
        let documentedCommands = manual.commandNames(section: "COMMANDS")
        let documentedOptions = Set(
            manual.tags(section: "OPTIONS").flatMap { $0 }.filter { $0.hasPrefix("-") })
        let missingCommands = commands.filter { !documentedCommands.contains($0) }
        let missingOptions = options.subtracting(documentedOptions).sorted()
        #expect(
            missingCommands.isEmpty, "commands of --help with no .TP entry under COMMANDS: \(missingCommands)"
        )
        #expect(
            missingOptions.isEmpty, "options of --help with no .TP entry under OPTIONS: \(missingOptions)")
    }

    @Test func hasTheSectionsOfAManPage() throws {
        let manual = try Page(path: Self.manualPath)
        let required = [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "THE TERMINAL DISPLAY", "MEDIA KEYS",
            "CONFIGURATION", "CONTROL PROTOCOL", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES",
            "SEE ALSO",
        ]
        #expect(required.filter { manual.sections[$0] == nil }.isEmpty)
        #expect(manual.text(section: "MEDIA KEYS").contains("org.mpris.MediaPlayer2.cdwally"))
        #expect(manual.text(section: "FILES").contains("$XDG_STATE_HOME/cdwally"))
        #expect(manual.text(section: "FILES").contains("$XDG_CACHE_HOME/cdwally"))
    }

    @Test func explainsEveryExitStatus() throws {
        let source = try Self.source("Sources/cdwally/Support/ExitStatus.swift")
        let codes = Self.matches(of: #"static let \w+: Int32 = (\d+)"#, in: source, group: 1)
        try #require(codes.count >= 10)
        let documented = Set(try Page(path: Self.manualPath).tags(section: "EXIT STATUS").compactMap(\.first))
        #expect(Set(codes + ["0"]).subtracting(documented).sorted().isEmpty)
    }

    @Test func explainsEveryConfigKeyAndEnvironmentVariable() throws {
        let config = try Self.source("Sources/CDWallyConfig/ConfigFile.swift")
        let keys = Self.matches(of: #"case "([a-z_]+)":"#, in: config, group: 1)
        try #require(Set(keys).isSuperset(of: ["library", "player", "audio_device", "mpv", "keys"]))
        let manual = try Page(path: Self.manualPath)
        // `[player.mpv]` documents `mpv`: a dotted table name counts for each of its parts.
        let documented = Set(
            manual.tags(section: "CONFIGURATION").flatMap { $0 }.flatMap {
                [$0] + $0.split(separator: ".").map(String.init)
            })
        #expect(Set(keys).subtracting(documented).sorted().isEmpty)

        var variables: Set<String> = []
        for file in try Self.swiftFiles(under: "Sources") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            variables.formUnion(Self.matches(of: #"environment\["([A-Z_]+)"\]"#, in: text, group: 1))
            variables.formUnion(Self.matches(of: #""((?:CDWALLY|XDG)_[A-Z_]+)""#, in: text, group: 1))
        }
        try #require(variables.isSuperset(of: ["CDWALLY_LIBRARY", "XDG_RUNTIME_DIR", "NO_COLOR"]))
        let environment = Set(manual.tags(section: "ENVIRONMENT").compactMap(\.first))
        #expect(variables.subtracting(environment).sorted().isEmpty)
    }

    @Test func listsTheDefaultKeyMapAndEveryAction() throws {
        let names = KeyActionName.table.map(\.name)
        let actions = Dictionary(names.map { ($0, $0) }, uniquingKeysWith: { first, _ in first })
        try #require(actions.count >= 11)
        let mapSource = try Self.source("Sources/CDWallyKeys/KeyMap.swift")
        let pairs = Self.matchGroups(of: #"\("(KEY_[A-Z0-9_]+)", "([a-z-]+)"\)"#, in: mapSource)
        try #require(pairs.count >= 14 && pairs.allSatisfy { $0.count == 3 })

        let manual = try Page(path: Self.manualPath)
        let entries = manual.entries(section: "MEDIA KEYS")
        for pair in pairs {
            let (key, caseName) = (pair[1], pair[2])
            let action = try #require(actions[caseName], "no action named \(caseName)")
            let entry = entries.first { $0.tag.contains(key) }
            #expect(entry != nil, "\(key) is not in the man page's key map")
            let documented = entry?.body.split(separator: " ").first.map(String.init)
            #expect(entry == nil || documented == action, "\(key) should be documented as \(action)")
        }
        let text = manual.text(section: "MEDIA KEYS")
        #expect(actions.values.filter { !text.contains($0) }.sorted().isEmpty)
    }

    @Test func listsEveryKeyOfTheTerminalDisplay() throws {
        let source = try Self.source("Sources/CDWallyTerminal/KeyBinding.swift")
        // `KeyBinding("] PgDn", "next disc", …)`: the label is what the help overlay shows.
        let labels = Self.matches(of: #"KeyBinding\(\s*"([^"]+)","#, in: source, group: 1)
        try #require(labels.count >= 12 && labels.contains("space"))
        let documented = Set(
            try Page(path: Self.manualPath).entries(section: "THE TERMINAL DISPLAY").map(\.tagText))
        #expect(labels.filter { !documented.contains($0) }.isEmpty, "display keys missing from the man page")
    }

    @Test func carriesTheControlProtocol() throws {
        let protocolText = try Self.source("Sources/CDWallyControl/PROTOCOL.md")
        // The first cell of every table row: the request commands and the error codes.
        var names = Self.matches(of: #"(?m)^\| `([a-zA-Z-]+)` \|"#, in: protocolText, group: 1)
        // The fields of the status object: the bullets of the section that describes it.
        let statusSection = protocolText.components(separatedBy: "## The status")
        try #require(statusSection.count == 2)
        let status = statusSection[1].components(separatedBy: "\n## ")[0]
        names += Self.matches(of: #"(?m)^- `([a-zA-Z]+)`"#, in: status, group: 1)
        try #require(
            Set(names).isSuperset(of: ["pause", "seek", "bad-request", "busy", "state", "trackCount"]))
        let documented = Set(
            try Page(path: Self.manualPath).tags(section: "CONTROL PROTOCOL").compactMap(\.first))
        #expect(Set(names).subtracting(documented).sorted().isEmpty)
    }

    /// Examples/config.toml as shipped loads quietly; with every setting uncommented, the
    /// whole file (mpv options and key bindings included) is accepted by `serve`, which then
    /// stops at the one thing the test gives it wrong on purpose: an input that is no device.
    @Test func theExampleConfigIsValid() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let example = CLI.repository + "/Examples/config.toml"
        let library = CLI.repository + "/Examples/Library"
        let shipped = try await cli.run(["--config", example, "--library", library, "discs"])
        #expect(shipped.status == 0)
        #expect(shipped.stderr.isEmpty)

        let text = try String(contentsOfFile: example, encoding: .utf8)
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("#") && line.dropFirst().first.map { $0.isLetter || $0 == "_" } == true
                ? String(line.dropFirst()) : String(line)
        }
        try #require(uncommented.filter { $0.hasPrefix("KEY_") }.count >= 2)
        let everything = cli.home + "/everything.toml"
        try uncommented.joined(separator: "\n").write(toFile: everything, atomically: true, encoding: .utf8)
        let serve = try await cli.run([
            "serve", "--config", everything, "--library", library, "--playlist", library + "/CDs.m3u8",
            "--mpv", "ao=null", "--input", "/dev/null",
        ])
        #expect(serve.status == 66, "\(serve.stderr)")
        #expect(serve.stderr.contains("/dev/null is not an evdev input device"))
        #expect(!serve.stderr.contains("unknown key"))
    }

    // MARK: Helpers

    /// The subcommand names listed under the `… SUBCOMMANDS:` headings; with `aliases`, the
    /// other names of a command too (`prev, previous`).
    static func subcommands(inHelp help: String, aliases: Bool = true) -> [String] {
        var names: [String] = []
        var inList = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix("SUBCOMMANDS:") {
                inList = true
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                inList = false
            } else if inList, line.hasPrefix("  "), !line.hasPrefix("   ") {
                let entry = line.dropFirst(2).components(separatedBy: "  ")[0]
                let entryNames = entry.replacingOccurrences(of: " (default)", with: "").split(separator: ",")
                for name in aliases ? entryNames : Array(entryNames.prefix(1)) {
                    names.append(name.trimmingCharacters(in: .whitespaces))
                }
            }
        }
        return names
    }

    static func source(_ path: String) throws -> String {
        try String(contentsOfFile: CLI.repository + "/" + path, encoding: .utf8)
    }

    static func swiftFiles(under folder: String) throws -> [String] {
        let root = CLI.repository + "/" + folder
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root)
        return paths.filter { $0.hasSuffix(".swift") }.map { root + "/" + $0 }
    }

    static func matches(of pattern: String, in text: String, group: Int = 0) -> [String] {
        matchGroups(of: pattern, in: text).compactMap { group < $0.count ? $0[group] : nil }
    }

    /// Every match of `pattern`, as its groups: group 0 is the whole match, then the captures
    /// ("" for one that did not take part).
    static func matchGroups(of pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).map { match in
            (0..<match.numberOfRanges).map { group in
                Range(match.range(at: group), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    private func tool(
        _ name: String, _ arguments: [String], cli: CLI, extraEnvironment: [String: String] = [:]
    ) async throws -> ExternalTool.Result {
        let tool = try ExternalTool(
            name, arguments, environment: cli.environment.merging(extraEnvironment) { $1 },
            directory: URL(fileURLWithPath: cli.home))
        try await tool.waitForExit(timeout: .seconds(120))
        return tool.result
    }
}

extension ManualTests {
    /// A man page's roff source read the way these tests need it: sections (`.SH`), and in
    /// each the `.TP` entries as the words of their tag and the text of their body, with
    /// roff's escapes and font changes taken out.
    struct Page {
        struct Entry {
            /// The tag as text (`] PgDn`), and as words.
            var tagText: String
            var tag: [String]
            var body: String
        }

        /// Section name → its source lines.
        let sections: [String: [String]]

        init(path: String) throws {
            var sections: [String: [String]] = [:]
            var current = ""
            for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
                if line.hasPrefix(".SH ") {
                    current = Page.plain(String(line.dropFirst(4)))
                    sections[current] = []
                } else {
                    sections[current, default: []].append(String(line))
                }
            }
            self.sections = sections
        }

        /// The `.TP` entries of a section, subsections and nested lists included.
        func entries(section: String) -> [Entry] {
            var entries: [Entry] = []
            var lines = (sections[section] ?? [])[...]
            while let line = lines.popFirst() {
                guard line == ".TP" || line.hasPrefix(".TP "), let tagLine = lines.popFirst() else {
                    continue
                }
                var body: [String] = []
                while let next = lines.first, !Page.endsEntry(next) {
                    body.append(Page.plain(next))
                    lines.removeFirst()
                }
                let tagText = Page.plain(tagLine)
                entries.append(
                    Entry(tagText: tagText, tag: Page.words(tagText), body: body.joined(separator: " ")))
            }
            return entries
        }

        func tags(section: String) -> [[String]] {
            entries(section: section).map(\.tag)
        }

        /// Each entry's first word, plus words that follow a comma (`prev, previous`).
        func commandNames(section: String) -> Set<String> {
            var names: Set<String> = []
            for tag in tags(section: section) {
                if let first = tag.first { names.insert(first) }
                for (index, word) in tag.enumerated() where index > 0 && tag[index - 1] == "," {
                    names.insert(word)
                }
            }
            return names
        }

        /// A section's text with the markup taken out, lines joined by spaces.
        func text(section: String) -> String {
            (sections[section] ?? []).filter { !$0.hasPrefix(".\\\"") }.map(Page.plain).joined(separator: " ")
        }

        private static func endsEntry(_ line: String) -> Bool {
            [".TP", ".SS", ".SH", ".PP", ".RE", ".RS", ".IP"].contains {
                line == $0 || line.hasPrefix($0 + " ")
            }
        }

        /// Roff to plain text: the macro name goes, quotes go, escapes become their characters.
        static func plain(_ line: String) -> String {
            var text = line
            if text.hasPrefix(".") {
                text = text.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
                text = text.replacingOccurrences(of: "\"", with: "")
            }
            for (escape, replacement) in [
                ("\\-", "-"), ("\\fB", ""), ("\\fI", ""), ("\\fR", ""), ("\\fP", ""), ("\\&", ""),
                ("\\|", ""),
                ("\\%", ""), ("\\(dq", "\""), ("\\(lq", "\""), ("\\(rq", "\""), ("\\(em", "-"),
                ("\\(<-", "←"), ("\\(->", "→"), ("\\e", "\\"),
            ] {
                text = text.replacingOccurrences(of: escape, with: replacement)
            }
            return text
        }

        /// Words of a tag: runs of name characters, and commas on their own.
        static func words(_ text: String) -> [String] {
            ManualTests.matches(of: #"[A-Za-z0-9_.$*-]+|,"#, in: text)
        }
    }
}
