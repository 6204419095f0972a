import Foundation
import TestSupport
import Testing

/// An earlier cdwally kept resume points and listens in a folder per library path
/// (`$XDG_STATE_HOME/cdwally/<libhash>/`). They are merged into the user's state folder once,
/// losing nothing and overwriting nothing (DESIGN.md §5).
@Suite struct LibraryStateMergeTests {
    private let playback = PlaybackCommandTests()

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    private func resumeFile(last: String, _ discs: [(id: String, track: Int, position: Double, date: String)])
        -> String
    {
        let entries = discs.map {
            "\"\($0.id)\": {\"track\": \($0.track), \"path\": \"/gone/\($0.id).flac\", \"position\": "
                + "\($0.position), \"finished\": false, \"lastPlayed\": \"\($0.date)\"}"
        }
        return "{\"version\": 1, \"lastDisc\": \"\(last)\", \"playing\": false, \"discs\": {"
            + entries.joined(separator: ", ") + "}}"
    }

    private func listen(_ disc: String, start: String, seconds: Double) -> String {
        "{\"disc\": \"\(disc)\", \"artist\": \"A\", \"title\": \"T\", \"start\": \"\(start)\", "
            + "\"seconds\": \(seconds), \"finished\": false}"
    }

    @Test func earlierLibraryFoldersAreMergedOnceLosingNothing() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try playback.makeLibrary()
        let listed = try await cli.json(["discs", "--library", library.root])
        let ids = try #require(listed["discs"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        try #require(ids.count == 2)
        let state = cli.home + "/state/cdwally"
        // The library as it was kept under an old mount point: disc 2 at 0:12.5, a listen of
        // disc 1, three older ones of disc 2, and a listen in progress cut off by a power cut.
        let old = state + "/4f1e9c0a7b2d3e5f"
        try write(
            resumeFile(last: ids[1], [(ids[1], 1, 12.5, "2026-03-01T10:00:00Z")]), to: old + "/resume.json")
        try write(
            "{\"version\": 1, \"listens\": [\(listen(ids[0], start: "2026-02-01T10:00:00Z", seconds: 40))], "
                + "\"earlier\": [{\"disc\": \"\(ids[1])\", \"artist\": \"A\", \"title\": \"T\", \"listens\": 3, "
                + "\"finished\": 1, \"seconds\": 200, \"last\": \"2025-12-01T10:00:00Z\"}]}",
            to: old + "/listens.json")
        try write(
            "{\"version\": 1, \"listen\": \(listen(ids[1], start: "2026-03-01T09:59:00Z", seconds: 45))}",
            to: old + "/listening-now.json")
        // Another, older path of it: disc 2 left elsewhere earlier, which must not win.
        let older = state + "/0a0b0c0d0e0f1011"
        try write(
            resumeFile(
                last: ids[1],
                [(ids[1], 2, 30, "2025-06-01T10:00:00Z"), (ids[0], 2, 1.5, "2025-06-01T09:00:00Z")]),
            to: older + "/resume.json")

        let discs = try #require(
            try await cli.json(["discs", "--library", library.root])["discs"] as? [[String: Any]])
        let second = try #require(discs[1]["resume"] as? [String: Any])
        #expect(second["track"] as? Int == 1)
        #expect(second["position"] as? Double == 12.5)
        let first = try #require(discs[0]["resume"] as? [String: Any])
        #expect(first["track"] as? Int == 2)
        // Merged once: the old files are kept aside, where no later command reads them again.
        for name in ["resume.json", "listens.json", "listening-now.json"] {
            #expect(!exists(old + "/" + name))
            #expect(exists(old + "/" + name + ".merged"))
        }
        #expect(exists(older + "/resume.json.merged"))
        for _ in 0..<2 {
            let all = try #require(
                try await cli.json(["stats", "--library", library.root])["allTime"] as? [String: Any])
            #expect(all["listens"] as? Int == 5)
        }
    }

    @Test func aDamagedEarlierFolderIsSaidAndLeftAsItIs() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try playback.makeLibrary()
        let old = cli.home + "/state/cdwally/4f1e9c0a7b2d3e5f"
        try write("{\"version\": 1, \"discs\": {\"ab", to: old + "/resume.json")
        try write("{\"version\": 1, \"listens\": [], \"earlier\": []}", to: old + "/listens.json")

        let result = try await cli.run(["discs", "--library", library.root])
        #expect(result.status == 0)
        #expect(result.stderr.contains("\(old) not merged: resume.json is cut short or not JSON"))
        #expect(exists(old + "/resume.json") && exists(old + "/listens.json"))
        #expect(!exists(old + "/listens.json.merged"))
    }
}
