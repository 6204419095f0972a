import Foundation
import TestSupport
import Testing

/// `shuffle` through the binary: a real `cdwally serve` (ao=null), the CLI over the control
/// socket and the real playerctl over a private D-Bus.
@Suite struct ShuffleCommandTests {
    /// Two albums of eight silent tracks, 40 s each, so nothing ends while the test looks.
    private func makeLibrary() throws -> TestLibrary {
        let library = try TestLibrary()
        for album in ["Eight", "Other"] {
            for number in 1...8 {
                try library.add(
                    "Ann/\(album)/0\(number).flac", template: "long.flac",
                    tags: [
                        "TITLE": "\(album) \(number)", "ARTIST": "Ann", "ALBUM": album,
                        "TRACKNUMBER": "\(number)",
                    ])
            }
        }
        try library.playlist("Ann/Eight/\nAnn/Other/\n")
        return library
    }

    private func trackIndex(_ status: [String: Any]) -> Int? {
        (status["track"] as? [String: Any])?["index"] as? Int
    }

    @Test func shuffleDrawsAnOrderOnceAndClearsWithTheDiscAndTheRestart() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try makeLibrary()
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let (busCLI, playerctl) = cli.onBus(bus)
        var serve = try await startServe(busCLI, library)
        #expect(try await busCLI.json(["status"])["shuffle"] as? Bool == false)
        _ = try await busCLI.json(["disc", "1"])

        // On: the track playing stays, every other track comes once, in a drawn order.
        let on = try await busCLI.run(["shuffle", "on"])
        #expect(on.status == 0 && on.stdout == "Shuffle on\n", "\(on.stderr)")
        #expect(try await busCLI.run(["status"]).stdout.contains("shuffle"))
        #expect(await eventually { (try? await playerctl("shuffle")) == "On" })
        var visited = [trackIndex(try await busCLI.json(["status"]))]
        for _ in 1...7 { visited.append(trackIndex(try await busCLI.json(["next"]))) }
        #expect(visited.first == 1)
        #expect(Set(visited.compactMap { $0 }) == Set(1...8), "\(visited)")
        // 1 in 5,040 draws is the album's order.
        #expect(visited != (1...8).map { $0 }, "\(visited)")

        // Off: the album's order from the track playing.
        let here = try #require(visited.last ?? nil)
        #expect(try await busCLI.json(["shuffle", "off"])["shuffle"] as? Bool == false)
        if here < 8 { #expect(trackIndex(try await busCLI.json(["next"])) == here + 1) }

        // The toggle, and MPRIS writes it too; another disc plays in its own order.
        #expect(try await busCLI.json(["shuffle"])["shuffle"] as? Bool == true)
        _ = try await playerctl("shuffle", "Off")
        #expect(await eventually { (try? await busCLI.json(["status"])["shuffle"] as? Bool) == false })
        _ = try await playerctl("shuffle", "On")
        #expect(await eventually { (try? await busCLI.json(["status"])["shuffle"] as? Bool) == true })
        #expect(try await busCLI.json(["disc", "2"])["shuffle"] as? Bool == false)
        #expect(await eventually { (try? await playerctl("shuffle")) == "Off" })

        // Never saved: a new player starts in the album's order.
        #expect(try await busCLI.json(["shuffle", "on"])["shuffle"] as? Bool == true)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
        serve = try await startServe(busCLI, library)
        #expect(try await busCLI.json(["status"])["shuffle"] as? Bool == false)
        #expect(try await busCLI.run(["shuffle", "sideways"]).status != 0)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }
}
