import Testing

@testable import CDWallyConfig

/// `volume_limit`, `volume_min` and `start_volume` under `[player]` (docs/PRODUCT.md §11): read
/// in any order, checked against each other and `volume_max`, each mistake with its line.
@Suite struct VolumeBoundsConfigTests {
    private let path = "/c/config.toml"

    private func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFile.parse(text, path: path, home: "/h")
    }

    @Test func readsTheThreeInAnyOrder() throws {
        let config = try parse("[player]\nstart_volume = 40\nvolume_min = 10\nvolume_limit = 60\n")
        #expect(config.volumeLimit?.value == 60 && config.volumeLimit?.line == 4)
        #expect(config.volumeMin?.value == 10)
        #expect(config.startVolume?.value == 40 && config.startVolume?.line == 2)
        #expect(config.warnings == [])
        // Above 100 once volume_max allows it.
        #expect(try parse("[player]\nvolume_max = 150\nvolume_limit = 120\n").volumeLimit?.value == 120)
    }

    @Test func eachMistakeNamesItsLineAndItsBound() {
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 2, key: "player.volume_limit",
                message: "must be a whole number from 0 to volume_max (100)")
        ) { try parse("[player]\nvolume_limit = 101\n") }
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 3, key: "player.volume_min",
                message: "must be a whole number from 0 to volume_limit (50)")
        ) { try parse("[player]\nvolume_limit = 50\nvolume_min = 60\n") }
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 2, key: "player.start_volume",
                message: "must be a whole number from volume_min (20) to volume_limit (50)")
        ) { try parse("[player]\nstart_volume = 10\nvolume_limit = 50\nvolume_min = 20\n") }
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 2, key: "player.start_volume",
                message: "must be a whole number from 0 to volume_max (100)")
        ) { try parse("[player]\nstart_volume = 120\n") }
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 2, key: "player.volume_min",
                message: "must be a whole number, a volume level from 0")
        ) { try parse("[player]\nvolume_min = \"low\"\n") }
    }
}
