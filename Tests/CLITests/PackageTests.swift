import Foundation
import TestSupport
import Testing

/// `Scripts/make-deb` (what `make deb` runs after the release build): the package's files,
/// its dependencies as dpkg-shlibdeps and the dlopen'ed libraries give them, and lintian's
/// verdict, made from the release binary; and its refusal of the debug binary these tests
/// run, which loads the runtime from the toolchain. Installing a package into a bare Debian is
/// `Scripts/check-package`'s work (docs/PLATFORMS.md).
@Suite(.enabled(if: PackagingTools.areInstalled, "needs dpkg-dev and lintian (Scripts/setup --tests)"))
struct PackageTests {
    /// Where the package puts each file (the examples come on top, under the doc folder).
    static let installed = [
        "./usr/bin/cdwally",
        "./usr/libexec/cdwally/cdwally",
        "./usr/share/lintian/overrides/cdwally",
        "./usr/share/man/man1/cdwally.1.gz",
        "./usr/share/bash-completion/completions/cdwally",
        "./usr/share/zsh/vendor-completions/_cdwally",
        "./usr/share/fish/vendor_completions.d/cdwally.fish",
        "./usr/lib/systemd/user/cdwally.service",
        "./usr/lib/systemd/system/cdwally-jukebox@.service",
        "./usr/share/doc/cdwally/copyright",
        "./usr/share/doc/cdwally/changelog.gz",
        "./usr/share/doc/cdwally/NOTICE.gz",
        "./usr/share/doc/cdwally/config.toml",
        "./usr/share/doc/cdwally/raspberry-pi/README.md",
    ]

    /// The release binary `make` builds, with the Swift runtime linked in. CI does not build
    /// it (ten more minutes), so there the test is skipped and says why.
    static let releaseBinary = CLI.repository + "/.build-install/release/cdwally"

    @Test(.enabled(if: PackagingTools.haveReleaseBinary, "needs the release binary: run make first"))
    func makeDebBuildsAPackageThatLintianAccepts() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let made = try await run(
            CLI.repository + "/Scripts/make-deb", ["--output", cli.home, Self.releaseBinary], cli: cli,
            timeout: .seconds(300))
        try #require(made.status == 0, "make-deb: \(made.stderr)")
        #expect(!made.stderr.contains("\nE: ") && !made.stderr.hasPrefix("E: "), "lintian: \(made.stderr)")
        let package = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let architecture = try await run("dpkg", ["--print-architecture"], cli: cli).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(package == cli.home + "/cdwally_0.1.0_\(architecture).deb")

        let contents = try await run("dpkg-deb", ["--contents", package], cli: cli)
        try #require(contents.status == 0, "\(contents.stderr)")
        // "-rwxr-xr-x root/root 123 2026-11-27 12:00 ./usr/bin/cdwally": owner and path.
        let entries = contents.stdout.split(separator: "\n").map { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return (owner: String(fields[1]), path: String(fields.last ?? ""))
        }
        let paths = Set(entries.map(\.path))
        let missing = Self.installed.filter { !paths.contains($0) }
        #expect(missing.isEmpty, "missing from the package: \(missing)")
        #expect(entries.allSatisfy { $0.owner == "root/root" })
        #expect(!paths.contains { $0.hasPrefix("./usr/local") || $0.contains("/Library/") })

        let depends = try await field("Depends", of: package, cli: cli)
        for library in ["libc6", "libtag", "libsqlite3", "libsystemd0", "libevdev2", "libmpv2"] {
            #expect(depends.contains(library), "Depends: \(depends) lacks \(library)")
        }
        // The Swift runtime is inside: no dependency on a Swift package or its libraries.
        #expect(!depends.contains("swift"))
        let recommends = try await field("Recommends", of: package, cli: cli)
        #expect(recommends.hasPrefix("libvips42") && recommends.contains(", libchafa0"), "\(recommends)")

        // The packaged binary runs, and is the release build's, stripped.
        let unpacked = cli.home + "/unpacked"
        let extract = try await run("dpkg-deb", ["--extract", package, unpacked], cli: cli)
        try #require(extract.status == 0, "\(extract.stderr)")
        let version = try await run(unpacked + "/usr/bin/cdwally", ["--version"], cli: cli)
        #expect(version.stdout == "0.1.0\n")
        let unit = try String(
            contentsOfFile: unpacked + "/usr/lib/systemd/user/cdwally.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/cdwally serve"))
        let jukebox = try String(
            contentsOfFile: unpacked + "/usr/lib/systemd/system/cdwally-jukebox@.service", encoding: .utf8)
        #expect(jukebox.contains("\nExecStart=/usr/bin/cdwally serve --input auto\n"))
        #expect(jukebox.contains("\nUser=%i\n"))

        // What a Debian user checks: md5sums for every file (debsums, `dpkg --verify`), and
        // guides whose links all lead somewhere.
        let control = cli.home + "/control"
        let controlFiles = try await run("dpkg-deb", ["--control", package, control], cli: cli)
        try #require(controlFiles.status == 0, "\(controlFiles.stderr)")
        let sums = try String(contentsOfFile: control + "/md5sums", encoding: .utf8)
        let summed = sums.split(separator: "\n").map { String($0.dropFirst(34)) }
        let shipped = entries.filter { !$0.path.hasSuffix("/") }.map { String($0.path.dropFirst(2)) }
        #expect(summed.sorted() == shipped.sorted(), "md5sums lists other files than the package holds")
        let check = try await run(
            "md5sum", ["--check", "--strict", "--quiet", control + "/md5sums"], cli: cli,
            directory: unpacked)
        #expect(check.status == 0, "md5sum --check: \(check.stdout)\(check.stderr)")
        #expect(try InstallTests.danglingLinks(under: unpacked + "/usr/share/doc/cdwally") == [])
        // Apache-2.0 section 4(d): the linked packages' NOTICE files, each under its name.
        let notice = try await run("zcat", [unpacked + "/usr/share/doc/cdwally/NOTICE.gz"], cli: cli).stdout
        for package in ["swift-nio\n=========\n", "swift-crypto\n", "hummingbird\n", "swift-log\n"] {
            #expect(notice.contains(package), "NOTICE.gz lacks \(package)")
        }
        #expect(notice.contains("This product contains NodeJS's llhttp."))
    }

    /// `swift build`'s binary loads the runtime from the toolchain: no use on a Pi without one.
    @Test func makeDebRefusesABinaryThatNeedsTheToolchain() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let made = try await run(
            CLI.repository + "/Scripts/make-deb", ["--output", cli.home, CLI.binary], cli: cli)
        #expect(made.status == 65)
        #expect(
            made.stderr
                == "make-deb: \(CLI.binary) loads the Swift runtime from the toolchain: build it with make "
                + "(--static-swift-stdlib)\n")
        #expect(try InstallTests.files(under: cli.home).filter { $0.hasSuffix(".deb") }.isEmpty)
    }

    /// What `Scripts/check-machine --tree` installs in its guest, which gets the toolchain's
    /// runtime beside: the debug programs, with the Depends of the libraries packages own.
    @Test func makeDebTakesTheDebugBinaryForTheGuestWithTheToolchainRuntime() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let made = try await run(
            CLI.repository + "/Scripts/make-deb", ["--output", cli.home, "--toolchain-runtime", CLI.binary],
            cli: cli, timeout: .seconds(300))
        try #require(made.status == 0, "make-deb: \(made.stderr)")
        #expect(made.stderr.contains("lintian does not judge it"))
        let package = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let depends = try await field("Depends", of: package, cli: cli)
        // TagLib's package is libtag1v5 on Debian 12, libtag2 on Debian 13.
        for library in ["libtag", "libsqlite3-0", "libevdev2", "libmpv2"] {
            #expect(depends.contains(library), "\(depends)")
        }
        #expect(!depends.contains("swift"), "\(depends)")
        let contents = try await run("dpkg-deb", ["--contents", package], cli: cli).stdout
        #expect(contents.contains("./usr/libexec/cdwally/cdwally\n"))
        #expect(contents.contains("./usr/lib/systemd/system/cdwally-jukebox@.service\n"))
    }

    @Test func makeDebWithoutABinarySaysSo() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let missing = cli.home + "/no-such-cdwally"
        let made = try await run(
            CLI.repository + "/Scripts/make-deb", ["--output", cli.home, missing], cli: cli)
        #expect(made.status == 66)
        #expect(made.stderr == "make-deb: no binary at \(missing): run make first\n")
        #expect(try InstallTests.files(under: cli.home).filter { $0.hasSuffix(".deb") }.isEmpty)
    }

    private func field(_ name: String, of package: String, cli: CLI) async throws -> String {
        try await run("dpkg-deb", ["--field", package, name], cli: cli).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func run(
        _ tool: String, _ arguments: [String], cli: CLI, directory: String? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> ExternalTool.Result {
        // ExternalTool names its output files after the tool, in the home: a path runs
        // through `env`, and with a `directory` through `sh`, which changes into it first.
        let command = directory.map { ["sh", "-c", "cd \"$0\" && exec \"$@\"", $0, tool] } ?? [tool]
        let process = try ExternalTool(
            "env", command + arguments, environment: cli.environment,
            directory: URL(fileURLWithPath: cli.home)
        )
        try await process.waitForExit(timeout: timeout)
        return process.result
    }
}

private enum PackagingTools {
    static var haveReleaseBinary: Bool {
        areInstalled && FileManager.default.isExecutableFile(atPath: PackageTests.releaseBinary)
    }

    static var areInstalled: Bool {
        ["/usr/bin/dpkg-deb", "/usr/bin/dpkg-shlibdeps", "/usr/bin/lintian"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}

/// cdwally's licence, GPL-2.0-or-later, where a user and a distribution look for it, and
/// the machine-readable `debian/copyright` (DEP-5) that names every library built into the
/// binary with its licence.
@Suite struct LicenceTests {
    static let copyright = CLI.repository + "/packaging/debian/copyright"

    @Test func cdwallyIsGPL2OrLaterInTheLicenceTheReadmeAndTheManPage() throws {
        let licence = try String(contentsOfFile: CLI.repository + "/LICENSE", encoding: .utf8)
        #expect(
            licence.hasPrefix(
                "                    GNU GENERAL PUBLIC LICENSE\n                       Version 2, June 1991\n"
            ))
        #expect(licence.contains("END OF TERMS AND CONDITIONS"))
        // Debian's own copy, when there is one: the terms word for word. Debian 12 and 13 carry
        // different revisions of the text around them (the FSF's postal address or its URL).
        func terms(_ text: String) -> Substring? {
            guard let start = text.range(of: "TERMS AND CONDITIONS FOR COPYING"),
                let end = text.range(of: "END OF TERMS AND CONDITIONS")
            else { return nil }
            return text[start.lowerBound..<end.lowerBound]
        }
        if let debian = try? String(contentsOfFile: "/usr/share/common-licenses/GPL-2", encoding: .utf8) {
            #expect(terms(licence) != nil && terms(licence) == terms(debian))
        }
        let readme = try String(contentsOfFile: CLI.repository + "/README.md", encoding: .utf8)
        #expect(readme.contains("## Licence\n") && readme.contains("(GPL-2.0-or-later)"))
        #expect(readme.contains("[LICENSE](LICENSE)"))
        let manual = try ManualTests.Page(path: ManualTests.manualPath)
        let section = manual.text(section: "COPYRIGHT")
        #expect(section.contains("GPL-2.0-or-later") && section.contains("any later version"), "\(section)")
    }

    @Test func theCopyrightFileIsMachineReadableAndNamesEveryDependency() throws {
        let stanzas = try Self.stanzas(of: String(contentsOfFile: Self.copyright, encoding: .utf8))
        let header = try #require(stanzas.first)
        #expect(header["Format"] == "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/")
        #expect(header["Upstream-Name"] == "cdwally")
        let files = stanzas.filter { $0["Files"] != nil }
        // cdwally's own files come first, so that every later stanza overrides it.
        #expect(files.first?["Files"] == "*")
        #expect(files.first.flatMap { $0["License"] } == "GPL-2+")
        #expect(files.allSatisfy { $0["Copyright"] != nil && $0["License"] != nil })

        // Every licence a file stanza names has its own paragraph, and each paragraph is used.
        let named = Set(
            files.compactMap { $0["License"] }.flatMap {
                $0.split(separator: "\n")[0].components(separatedBy: " or ")
            })
        let paragraphs = Set(stanzas.filter { $0["Files"] == nil }.compactMap { $0["License"] })
        let defined = Set(paragraphs.map { String($0.split(separator: "\n")[0]) })
        #expect(named == defined, "named \(named.sorted()), defined \(defined.sorted())")
        for paragraph in paragraphs {
            #expect(paragraph.split(separator: "\n").count > 1, "no text for \(paragraph)")
        }
        #expect(defined.contains("GPL-2+"))
        let gpl = try #require(paragraphs.first { $0.hasPrefix("GPL-2+\n") })
        #expect(gpl.contains("/usr/share/common-licenses/GPL-2.") && gpl.contains("any later version"))

        // Every package Package.swift asks for (and GRDB's, Hummingbird's and NIO's, which
        // the binary links too) is named with its licence.
        let manifest = try String(contentsOfFile: CLI.repository + "/Package.swift", encoding: .utf8)
        let direct = manifest.split(separator: "\n").compactMap { line -> String? in
            guard let url = line.firstRange(of: ".package(url: \"") else { return nil }
            let rest = line[url.upperBound...]
            return rest.prefix { $0 != "\"" }.split(separator: "/").last.map(String.init)
        }
        try #require(direct.count >= 8, "\(direct)")
        let linked =
            direct + [
                "swift-nio", "swift-nio-extras", "swift-collections", "swift-atomics", "swift-websocket",
            ]
        let covered = Set(files.compactMap { $0["Files"] })
        let missing = linked.filter { !covered.contains(".build-install/checkouts/\($0)/*") }
        #expect(missing.isEmpty, "no copyright stanza for \(missing)")
        #expect(covered.contains("swift-toolchain/usr/lib/swift_static/*"))
    }

    /// A DEP-5 file's paragraphs: field name → value, continuation lines joined by newlines.
    static func stanzas(of text: String) throws -> [[String: String]] {
        var stanzas: [[String: String]] = []
        for block in text.components(separatedBy: "\n\n") where !block.isEmpty {
            var fields: [String: String] = [:]
            var current: String?
            for line in block.split(separator: "\n") {
                if line.hasPrefix(" ") || line.hasPrefix("\t") {
                    let name = try #require(current, "a continuation line with no field: \(line)")
                    fields[name, default: ""] += "\n" + line.dropFirst()
                } else {
                    let colon = try #require(line.firstIndex(of: ":"), "not a field: \(line)")
                    let name = String(line[..<colon])
                    #expect(fields[name] == nil, "\(name) twice in a paragraph")
                    fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    current = name
                }
            }
            stanzas.append(fields)
        }
        return stanzas
    }
}
