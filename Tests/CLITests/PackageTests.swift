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
        "./usr/share/man/man1/cdwally.1.gz",
        "./usr/share/bash-completion/completions/cdwally",
        "./usr/share/zsh/vendor-completions/_cdwally",
        "./usr/share/fish/vendor_completions.d/cdwally.fish",
        "./usr/lib/systemd/user/cdwally.service",
        "./usr/lib/systemd/system/cdwally-jukebox.service",
        "./usr/share/doc/cdwally/copyright",
        "./usr/share/doc/cdwally/changelog.gz",
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

    private func run(_ tool: String, _ arguments: [String], cli: CLI, timeout: Duration = .seconds(60))
        async throws -> ExternalTool.Result
    {
        // ExternalTool names its output files after the tool: a path runs through `env`.
        let process = try ExternalTool(
            "env", [tool] + arguments, environment: cli.environment, directory: URL(fileURLWithPath: cli.home)
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
