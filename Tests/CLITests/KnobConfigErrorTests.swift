import Foundation
import TestSupport
import Testing

/// A mistake in `[keys.long]` or `[knob]` stops `serve` with one line naming the file and the
/// entry, and exit 78, before anything plays (docs/PRODUCT.md §11). No device needed.
@Suite struct KnobConfigErrorTests {
    private func serve(with config: String) async throws -> (status: Int32, stderr: String) {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        try library.add(
            "Ann/One/01.flac", template: "long.flac",
            tags: ["TITLE": "One", "ARTIST": "Ann", "ALBUM": "One", "TRACKNUMBER": "1"])
        try library.playlist("Ann/One/\n")
        let file = cli.home + "/box.toml"
        try config.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await cli.run([
            "serve", "--config", file, "--library", library.root, "--mpv", "ao=null", "--input", "auto",
        ])
        return (result.status, result.stderr)
    }

    @Test func anUnknownAxisIsAConfigurationError() async throws {
        let result = try await serve(with: "[knob]\naxis = \"REL_KNOB\"\n")
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("cdwally: [knob] in "), "\(result.stderr)")
        #expect(result.stderr.contains("axis = \"REL_KNOB\" is not a relative axis"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func anUnknownLongActionIsAConfigurationError() async throws {
        let result = try await serve(with: "[keys.long]\nKEY_NEXTSONG = \"skip-album\"\n")
        #expect(result.status == 78, "\(result.stderr)")
        #expect(
            result.stderr.contains("long.KEY_NEXTSONG = \"skip-album\" is not an action"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
