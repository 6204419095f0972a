import Foundation
import Testing

/// DESIGN.md's split between the player's vocabulary and its engine. The compiler holds it:
/// a front end reads a `PlayerView` and sends to the host's `PlayerInbox`, both in
/// CDWallyVocabulary, and does not depend on CDWallyPlayer, so a front end that names
/// `Player` does not compile. These tests hold the manifest to that, and close the gap the
/// compiler leaves.
@Suite struct LayeringTests {
    static let frontEnds = ["CDWallyControl", "CDWallyMPRIS", "CDWallyKeys", "CDWallyWeb", "CDWallyTerminal"]
    /// The engine, and libmpv under it.
    static let engine = ["CDWallyPlayer", "CMPV"]

    @Test func noFrontEndIsBuiltWithThePlayer() async throws {
        let manifest = try await PackageManifest.ofRepository()
        for frontEnd in Self.frontEnds {
            #expect(manifest.dependencies[frontEnd]?.contains("CDWallyVocabulary") == true, "\(frontEnd)")
            let reached = manifest.reach(of: frontEnd)
            for module in Self.engine {
                #expect(!reached.contains(module), "\(frontEnd) is built with \(module)")
            }
        }
        // The host alone wires the player to its doors.
        #expect(manifest.dependencies["cdwally"]?.contains("CDWallyPlayer") == true)
    }

    /// What a door (or a small control client) links stays free of the engine and libmpv.
    @Test func theVocabularyHoldsNoEngine() async throws {
        let reached = try await PackageManifest.ofRepository().reach(of: "CDWallyVocabulary")
        for module in Self.engine {
            #expect(!reached.contains(module), "CDWallyVocabulary is built with \(module)")
        }
    }

    /// The small control client starts in a millisecond because it links the standard library
    /// and Glibc alone: the control socket writes the client's answer type (`PrintedLines`),
    /// never the reverse.
    @Test func theSmallClientIsBuiltWithNothingOfTheRest() async throws {
        let manifest = try await PackageManifest.ofRepository()
        #expect(manifest.reach(of: "CDWallyQuickClient").isEmpty)
        #expect(manifest.reach(of: "cdwally-quick") == ["CDWallyQuickClient"])
    }

    /// SwiftPM puts every module it built in one folder, so an import a target does not
    /// declare may still compile (CDWallyPlayer's fails today only because its CMPV is not on
    /// a front end's paths): no front-end file imports the engine.
    @Test func noFrontEndImportsThePlayer() throws {
        let line = try Regex(#"^\s*(@testable\s+)?import\s+(CDWallyPlayer|CMPV)\b"#)
        for module in Self.frontEnds {
            let folder = CLI.repository + "/Sources/" + module
            for name in try FileManager.default.subpathsOfDirectory(atPath: folder)
            where name.hasSuffix(".swift") {
                let code = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                #expect(
                    !code.split(separator: "\n").contains { $0.contains(line) },
                    "\(module)/\(name) imports the engine")
            }
        }
    }
}
