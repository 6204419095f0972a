// swift-tools-version:6.0
// Built and tested with Swift 6.3.1 (swift.org) and 6.2.3 (Debian's swiftlang, with one
// dependency's manifest adjusted), on amd64 and arm64: docs/PLATFORMS.md. This manifest asks
// for 6.0, but today's releases of the dependencies need 6.2 or newer.
import PackageDescription

// Layers, each depending only on those above it:
//   C wrappers (CTagLib, CMPV, CSystemd/CMPRIS, CEvdev, CVips, CChafa)
//   CDWallyCore      pure model: tracks, albums, wallet order, M3U parsing
//   CDWallySystem    OS plumbing several modules share: atomic files, the lock, wake pipes,
//                    the poll thread, errno text
//   CDWallyConfig    XDG paths, config file, settings resolution
//   CDWallyLibrary   tag reading, directory walk, SQLite index, playlist → wallet
//   CDWallyVocabulary the player's vocabulary, everything a front end uses: commands,
//                    PlayerView and PlayerInbox, snapshots and events, status, errors, the
//                    verb registry, resume points and listening totals (no libmpv)
//   CDWallyPlayer    libmpv engine, CD-player rules, per-disc resume
//   CDWallyControl   the control socket: protocol, server, client, its bridge to the player
//   CDWallyMPRIS     MPRIS over sd-bus and its bridge to the player
//   CDWallyKeys      evdev media keys and the [keys] table of player commands
//   CDWallyTerminal  the LCD display and keyboard of `cdwally play`
//   CDWallyWeb       the web remote: HTTP API, WebSocket events, embedded pages
//   cdwally          one file per subcommand, wiring: the one module that sees both the
//                    front ends and CDWallyPlayer (no front end depends on CDWallyPlayer, so
//                    none can name `Player`; LayeringTests checks this manifest)
//   CDWallyQuickClient, cdwally-quick   the installed `cdwally`: a small static client of the
//                    control socket that depends on nothing above (no Foundation), and runs
//                    the full program for what it does not answer
// cdwally runs on Linux only: it imports Glibc and uses sd-bus, evdev, inotify and
// SO_PEERCRED, so no Apple platform is declared (SwiftPM has no entry to declare Linux).
// mpv's pkg-config flags drag in SDL's `-D_REENTRANT`, which SwiftPM refuses with a warning;
// on Linux the header and library sit on the default paths, so pkg-config is not needed.
#if os(Linux)
    let mpvPkgConfig: String? = nil
#else
    let mpvPkgConfig: String? = "mpv"
#endif

let package = Package(
    name: "cdwally",
    products: [
        .executable(name: "cdwally", targets: ["cdwally"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
        // Built already as a dependency of the web server's packages; it makes the digests
        // of pairing codes, sessions, tokens and covers.
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CTagLibSystem", pkgConfig: "taglib",
            providers: [.apt(["libtag1-dev"]), .brew(["taglib"])]),
        .target(name: "CTagLib", dependencies: ["CTagLibSystem"]),
        .systemLibrary(
            name: "CMPV", pkgConfig: mpvPkgConfig,
            providers: [.apt(["libmpv-dev"]), .brew(["mpv"])]),
        .systemLibrary(
            name: "CSystemd", pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]),
        .target(name: "CMPRIS", dependencies: ["CSystemd"]),
        .systemLibrary(
            name: "CEvdev", pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]),

        // libvips (libvips42 at run time): opened with dlopen by the cover worker alone, so it
        // is neither linked nor needs its headers (they need glib's include folders).
        .target(name: "CVips"),
        // libchafa (libchafa0 at run time): opened with dlopen by the terminal's cover worker
        // alone, as libvips is, so it is not linked and its headers (glib's) are not needed.
        .target(name: "CChafa"),
        // libqrencode (libqrencode4 at run time, a Recommends): opened with dlopen for the web's
        // invitations, so a box without it runs and gives the code as text and a link.
        .target(name: "CQREncode"),
        .target(name: "CFileSystemType"),
        .target(name: "CRenameAt2"),
        .target(name: "CExtendedAttributes"),

        .target(name: "CDWallyCore"),
        .target(
            name: "CDWallySystem",
            dependencies: [
                "CDWallyCore", "CRenameAt2", "CExtendedAttributes",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .target(name: "CDWallyConfig", dependencies: ["CDWallyCore"]),
        .target(
            name: "CDWallyLibrary",
            dependencies: [
                "CDWallyCore", "CDWallySystem", "CTagLib", "CFileSystemType",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(name: "CDWallyVocabulary", dependencies: ["CDWallyCore"]),
        .target(
            name: "CDWallyPlayer",
            dependencies: [
                "CDWallyCore", "CDWallySystem", "CDWallyVocabulary", "CMPV",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "CDWallyControl",
            dependencies: [
                "CDWallyCore", "CDWallySystem", "CDWallyVocabulary", "CDWallyQuickClient",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["PROTOCOL.md"]),
        .target(
            name: "CDWallyMPRIS",
            dependencies: [
                "CDWallyCore", "CDWallySystem", "CDWallyVocabulary", "CMPRIS",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "CDWallyKeys",
            dependencies: ["CDWallyCore", "CDWallySystem", "CDWallyVocabulary", "CEvdev"]),
        .target(
            name: "CDWallyTerminal",
            dependencies: ["CDWallyCore", "CDWallySystem", "CDWallyVocabulary", "CVips", "CChafa"]),
        .target(
            name: "CDWallyWeb",
            dependencies: [
                "CDWallyCore", "CDWallySystem", "CDWallyVocabulary", "CVips", "CQREncode",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["PROTOCOL.md"],
            // The pages live in the binary (one file installs cdwally): SwiftPM writes each as
            // a byte array at build time (`PackageResources`), with no bundle folder beside it.
            resources: [
                .embedInCode("Site/index.html"), .embedInCode("Site/app.js"), .embedInCode("Site/style.css"),
                .embedInCode("Site/library.js"), .embedInCode("Site/pairing.js"),
                .embedInCode("Site/manifest.webmanifest"),
                .embedInCode("Site/icon.svg"), .embedInCode("Site/icon-180.png"),
                .embedInCode("Site/icon-192.png"),
                .embedInCode("Site/icon-512.png"),
            ]),
        .executableTarget(
            name: "cdwally",
            dependencies: [
                "CDWallyCore", "CDWallySystem", "CDWallyConfig", "CDWallyLibrary", "CDWallyVocabulary",
                "CDWallyPlayer", "CDWallyControl", "CDWallyQuickClient",
                "CDWallyMPRIS", "CDWallyKeys", "CDWallyTerminal", "CDWallyWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // SwiftPM exports every symbol of an executable on Linux. Nothing looks them up
            // (libmpv and libvips are opened with dlopen and need none of ours), but the
            // Swift runtime's start-up `dladdr` walks all 35,000 of them linearly, a
            // ninth of what `cdwally status` costs (BENCHMARKS.md, figure 7).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]),

        // The installed `cdwally`: the control commands, answered by the running player, in a
        // fully static program with no Foundation (it starts in a millisecond); it runs the full
        // program above, installed as libexec/cdwally/cdwally, for everything else. The linker's
        // warning about dlopen in a static program is the Swift runtime's (libswiftCore looks for
        // prespecialized metadata), not the client's.
        .target(name: "CDWallyQuickClient"),
        .executableTarget(
            name: "cdwally-quick", dependencies: ["CDWallyQuickClient"],
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))]),

        .executableTarget(
            name: "cdwally-libgen",
            dependencies: [
                "CDWallyLibrary", "CDWallyCore", "CDWallySystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/LibraryGenerator"),

        .testTarget(name: "CDWallyCoreTests", dependencies: ["CDWallyCore"]),
        .testTarget(name: "CDWallyConfigTests", dependencies: ["CDWallyConfig"]),
        .testTarget(name: "CDWallySystemTests", dependencies: ["CDWallySystem"]),
        .testTarget(name: "CDWallyQuickClientTests", dependencies: ["CDWallyQuickClient"]),
        .target(
            name: "TestSupport",
            dependencies: [
                "CDWallyLibrary", "CDWallyCore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "CDWallyLibraryTests",
            dependencies: ["CDWallyLibrary", "CDWallyCore", "CDWallySystem", "TestSupport"]),
        .testTarget(
            name: "CDWallyPlayerTests",
            dependencies: [
                "CDWallyPlayer", "CDWallyVocabulary", "CDWallyCore", "CDWallySystem", "TestSupport",
            ]),
        // A player in memory, for the doors' tests (`MemoryPlayer`): no engine, no libmpv.
        .target(
            name: "DoorSupport", dependencies: ["CDWallyVocabulary", "CDWallyCore", "CDWallySystem"],
            path: "Tests/DoorSupport"),
        .testTarget(
            name: "CDWallyControlTests",
            dependencies: [
                "CDWallyControl", "CDWallyMPRIS", "CDWallyPlayer", "CDWallyVocabulary", "CDWallyCore",
                "CDWallySystem",
                "TestSupport", "DoorSupport",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "CDWallyMPRISTests",
            dependencies: [
                "CDWallyMPRIS", "CDWallyVocabulary", "CDWallyCore", "CDWallySystem",
                "TestSupport", "DoorSupport",
            ]),
        .testTarget(
            name: "CDWallyKeysTests",
            dependencies: [
                "CDWallyKeys", "CDWallyVocabulary", "CDWallyCore", "CDWallySystem",
                "TestSupport",
            ]),
        .testTarget(
            name: "CDWallyTerminalTests",
            dependencies: [
                "CDWallyTerminal", "CDWallyPlayer", "CDWallyVocabulary", "CDWallyCore", "CDWallySystem",
                "TestSupport",
            ]),
        .testTarget(
            name: "CDWallyWebTests",
            dependencies: [
                "CDWallyWeb", "CDWallyPlayer", "CDWallyVocabulary", "CDWallyCore", "TestSupport",
                "DoorSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "cdwally", "TestSupport", "CDWallyControl", "CDWallyQuickClient", "CDWallySystem",
                "CDWallyCore",
                "CDWallyPlayer",
                "CDWallyVocabulary", "CDWallyKeys",
                "CDWallyTerminal", "CEvdev",
            ]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
