import Foundation
import TestSupport
import Testing

/// A folder renamed and renamed back, the playlist fixed each time, stays in the wallet
/// without a `scan` (docs/PRODUCT.md §11).
@Suite struct RenamedBackTests {
    @Test func aFolderRenamedAndRenamedBackStaysInTheWallet() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.addAlbum("Abba/Arrival", artist: "Abba", album: "Arrival")
        try library.addAlbum("Beck/Odelay", artist: "Beck", album: "Odelay")
        let lines = { (folder: String) in "Abba/Arrival/01 Arrival 1.flac\n\(folder)/01 Odelay 1.flac\n" }
        try library.playlist(lines("Beck/Odelay"))
        for (from, to) in [("Odelay", "Odelay (renamed)"), ("Odelay (renamed)", "Odelay")] {
            let before = try await cli.run(["discs", "--json", "--library", library.root])
            #expect(before.status == 0, "\(before.stderr)")
            try FileManager.default.moveItem(
                atPath: library.root + "/Beck/" + from, toPath: library.root + "/Beck/" + to)
            try library.playlist(lines("Beck/" + to))
            let after = try await cli.run(["discs", "--json", "--library", library.root])
            #expect(after.status == 0, "\(after.stderr)")
            #expect(!after.stderr.contains("leads nowhere"), "\(to): \(after.stderr)")
            let discs = try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any]
            #expect((discs?["discs"] as? [[String: Any]])?.count == 2, "\(to): \(after.stdout)")
        }
    }
}
