import Foundation
import TestSupport
import Testing

/// `make install` and `make uninstall` as a packager runs them: into a staging folder
/// (`DESTDIR`), with the binary these tests were built with, so no release build is needed.
@Suite struct InstallTests {
    /// What `make install PREFIX=/usr/local` puts in place, besides the examples.
    static let installed = [
        "usr/local/bin/cdwally",
        "usr/local/libexec/cdwally/cdwally",
        "usr/local/share/man/man1/cdwally.1",
        "usr/local/share/bash-completion/completions/cdwally",
        "usr/local/share/zsh/site-functions/_cdwally",
        "usr/local/share/fish/vendor_completions.d/cdwally.fish",
        "usr/local/lib/systemd/user/cdwally.service",
        "usr/local/lib/systemd/system/cdwally-jukebox@.service",
    ]

    @Test func installPutsEveryFileInPlaceAndUninstallTakesThemAway() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let stage = cli.home + "/stage"
        let install = try await make(["install", "DESTDIR=\(stage)", "PREFIX=/usr/local"], cli: cli)
        try #require(install.status == 0, "make install: \(install.stderr)")

        // Every example except the demo library and the units (installed on their own).
        let examples = try Self.files(under: CLI.repository + "/Examples").filter {
            !$0.hasPrefix("Library/") && !$0.hasPrefix("systemd/")
        }
        try #require(examples.contains("config.toml"))
        let expected = Self.installed + examples.map { "usr/local/share/doc/cdwally/" + $0 }
        #expect(try Self.files(under: stage).sorted() == expected.sorted())

        // bin/cdwally is the small client, which runs the full program from libexec/cdwally.
        let binary = stage + "/usr/local/bin/cdwally"
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        #expect(FileManager.default.isExecutableFile(atPath: stage + "/usr/local/libexec/cdwally/cdwally"))
        // Installed stripped: smaller than what was built, and still the same program.
        let installedSize = try #require(
            try FileManager.default.attributesOfItem(atPath: binary)[.size] as? Int)
        let builtSize = try #require(
            try FileManager.default.attributesOfItem(atPath: CLI.binary)[.size] as? Int)
        #expect(installedSize < builtSize)
        let version = Process()
        let output = Pipe()
        version.executableURL = URL(fileURLWithPath: binary)
        version.arguments = ["--version"]
        version.standardOutput = output
        try version.run()
        let printed = String(decoding: try output.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
        version.waitUntilExit()
        #expect(version.terminationStatus == 0)
        #expect(printed.hasPrefix("0."))
        #expect(
            FileManager.default.contentsEqual(
                atPath: stage + "/usr/local/share/man/man1/cdwally.1",
                andPath: CLI.repository + "/man/cdwally.1"))
        let permissions =
            try FileManager.default.attributesOfItem(
                atPath: stage + "/usr/local/share/doc/cdwally/config.toml")[.posixPermissions] as? Int
        #expect(permissions == 0o644)

        for unit in ["user/cdwally.service", "system/cdwally-jukebox@.service"] {
            let text = try String(contentsOfFile: stage + "/usr/local/lib/systemd/" + unit, encoding: .utf8)
            #expect(text.contains("ExecStart=/usr/local/bin/cdwally serve"), "\(unit)")
        }

        let uninstall = try await make(["uninstall", "DESTDIR=\(stage)", "PREFIX=/usr/local"], cli: cli)
        #expect(uninstall.status == 0, "make uninstall: \(uninstall.stderr)")
        #expect(try Self.files(under: stage).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: stage + "/usr/local/share/doc/cdwally"))
    }

    /// The guides link to each other; installed without the demo library, the units' folder
    /// and docs/, no link of theirs may lead to a file that is not there.
    @Test func noLinkOfTheInstalledGuidesLeadsNowhere() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let stage = cli.home + "/stage"
        let install = try await make(["install", "DESTDIR=\(stage)", "PREFIX=/usr"], cli: cli)
        try #require(install.status == 0, "make install: \(install.stderr)")
        let doc = stage + "/usr/share/doc/cdwally"
        let guides = try Self.files(under: doc).filter { $0.hasSuffix(".md") }
        try #require(guides.contains("raspberry-pi/README.md") && guides.contains("README.md"))
        #expect(try Self.danglingLinks(under: doc) == [])
        // Unlinked, not dropped: the text of a link to what is not installed stays.
        let index = try String(contentsOfFile: doc + "/README.md", encoding: .utf8)
        #expect(index.contains("| `systemd/` |") && index.contains("| `Library/` |"))
        // In the source tree the same links lead somewhere: the check is not blind.
        #expect(try Self.danglingLinks(under: CLI.repository + "/Examples") == [])
        let broken = cli.home + "/broken"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        try "[the unit](systemd/cdwally.service), [a site](https://example.org/x), [up](#top)\n"
            .write(toFile: broken + "/README.md", atomically: true, encoding: .utf8)
        #expect(try Self.danglingLinks(under: broken) == ["README.md: systemd/cdwally.service"])
    }

    @Test func theCompletionsKnowEveryCommand() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let stage = cli.home + "/stage"
        let install = try await make(["install", "DESTDIR=\(stage)", "PREFIX=/usr"], cli: cli)
        try #require(install.status == 0, "make install: \(install.stderr)")
        let help = try await cli.run(["--help"])
        // Aliases (`prev` for `previous`) are not offered by the completions.
        let commands = ManualTests.subcommands(inHelp: help.stdout, aliases: false)
        try #require(commands.contains("play") && commands.contains("list-devices"))
        try #require(commands.contains("previous") && !commands.contains("prev"))

        let bash = stage + "/usr/share/bash-completion/completions/cdwally"
        let zsh = stage + "/usr/share/zsh/site-functions/_cdwally"
        let fish = stage + "/usr/share/fish/vendor_completions.d/cdwally.fish"
        for script in [bash, zsh, fish] {
            let text = try String(contentsOfFile: script, encoding: .utf8)
            let missing = commands.filter { !text.contains($0) }
            #expect(missing.isEmpty, "\(script) lacks \(missing)")
        }
        // Real completion, as bash does it on Tab: `cdwally pl` offers `play`, and
        // `cdwally play --th` offers `--then`.
        #expect(try await complete(["cdwally", "pl"], script: bash, cli: cli) == ["play"])
        #expect(try await complete(["cdwally", "list-"], script: bash, cli: cli) == ["list-devices"])
        #expect(try await complete(["cdwally", "play", "--th"], script: bash, cli: cli).contains("--then"))

        // PREFIX reaches the units: the binary is in /usr/bin here.
        let unit = try String(
            contentsOfFile: stage + "/usr/lib/systemd/user/cdwally.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/cdwally serve"))
        #expect(!unit.split(separator: "\n").contains { !$0.hasPrefix("#") && $0.contains("/usr/local") })
    }

    /// systemd reads the units as it would at `systemctl enable`: a misspelt key or a bad
    /// value is only a warning to systemd, and a failure here.
    @Test(.enabled(if: Self.hasSystemdAnalyze, "needs systemd-analyze (Debian's systemd package)"))
    func systemdAcceptsTheInstalledUnits() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let stage = cli.home + "/stage"
        let install = try await make(["install", "DESTDIR=\(stage)", "PREFIX=/usr/local"], cli: cli)
        try #require(install.status == 0, "make install: \(install.stderr)")
        // The template as `systemctl enable cdwally-jukebox@listener` loads it.
        for (unit, name, scope) in [
            ("user/cdwally.service", "cdwally.service", ["--user"]),
            ("system/cdwally-jukebox@.service", "cdwally-jukebox@listener.service", []),
        ] {
            // systemd checks that ExecStart names an executable: the staged one stands in.
            let text = try String(contentsOfFile: stage + "/usr/local/lib/systemd/" + unit, encoding: .utf8)
            let copy = cli.home + "/" + name
            try text.replacingOccurrences(of: "=/usr/local/bin/", with: "=\(stage)/usr/local/bin/")
                .write(toFile: copy, atomically: true, encoding: .utf8)
            let verify = try ExternalTool(
                "systemd-analyze", ["verify", "--man=no"] + scope + [copy], environment: cli.environment,
                directory: URL(fileURLWithPath: cli.home))
            try await verify.waitForExit(timeout: .seconds(60))
            #expect(
                verify.result.status == 0 && verify.result.stderr.isEmpty, "\(unit): \(verify.result.stderr)")
        }
    }

    static var hasSystemdAnalyze: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze")
    }

    @Test func installWithoutABinarySaysSo() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let stage = cli.home + "/stage"
        let missing = cli.home + "/no-such-cdwally"
        let result = try await make(
            ["install", "DESTDIR=\(stage)", "PREFIX=/usr/local", "BINARY=\(missing)"], cli: cli, binary: nil)
        #expect(result.status != 0)
        #expect(result.stderr.contains("no cdwally binary at \(missing)"))
        #expect(try Self.files(under: stage).isEmpty)
    }

    // MARK: Helpers

    /// Runs make in the repository, with `BINARY=` the binary under test unless told otherwise.
    private func make(_ arguments: [String], cli: CLI, binary: String? = CLI.binary) async throws
        -> ExternalTool.Result
    {
        let tool = try ExternalTool(
            "make", ["-s", "-C", CLI.repository] + arguments + (binary.map { ["BINARY=\($0)"] } ?? []),
            environment: cli.environment, directory: URL(fileURLWithPath: cli.home))
        try await tool.waitForExit(timeout: .seconds(120))
        return tool.result
    }

    /// What bash's completion offers for `words` (the last one being completed), one per line.
    private func complete(_ words: [String], script: String, cli: CLI) async throws -> [String] {
        let line = words.joined(separator: " ")
        let program = """
            source "$1"
            COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
            COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line)'
            COMP_POINT=\(line.utf8.count)
            _cdwally cdwally '\(words.last ?? "")' '\(words.dropLast().last ?? "")'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let tool = try ExternalTool(
            "bash", ["-c", program, "bash", script], environment: cli.environment,
            directory: URL(fileURLWithPath: cli.home))
        try await tool.waitForExit(timeout: .seconds(60))
        let result = tool.result
        try #require(result.status == 0, "bash completion: \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// The relative links of the Markdown files under `folder` that lead to no file or
    /// folder, as "guide: target"; links with a scheme and links within a page are left be.
    static func danglingLinks(under folder: String) throws -> [String] {
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        var dangling: [String] = []
        for guide in try files(under: folder).filter({ $0.hasSuffix(".md") }).sorted() {
            let text = try String(contentsOfFile: folder + "/" + guide, encoding: .utf8)
            let base = URL(fileURLWithPath: folder + "/" + guide).deletingLastPathComponent()
            for match in text.matches(of: link) {
                guard let captured = match.output[1].substring else { continue }
                let target = String(captured)
                if target.hasPrefix("#") || target.contains(":") { continue }
                let path = String(target.prefix { $0 != "#" })
                if !FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path) {
                    dangling.append("\(guide): \(target)")
                }
            }
        }
        return dangling
    }

    /// Regular files and links under `folder`, relative to it; none when it does not exist.
    static func files(under folder: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return try FileManager.default.subpathsOfDirectory(atPath: folder).filter { path in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
            return !exists || !isFolder.boolValue
        }
    }
}
