import CDWallyConfig
import Testing

/// `[cards] sounds`, `unknown_sound`, `refused_sound` (docs/PRODUCT.md §11): a flag and two
/// paths, relative ones taken from the config's folder; a wrong type names its line.
@Suite struct CardSoundsConfigTests {
    private let path = "/home/u/.config/cdwally/config.toml"

    private func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFile.parse(text, path: path, home: "/home/u")
    }

    @Test func theFlagAndTheFilesAreRead() throws {
        let config = try parse(
            "[cards]\nsounds = true\nunknown_sound = \"sounds/what.ogg\"\nrefused_sound = \"~/no.wav\"\n")
        #expect(config.cardSounds?.value == true && config.cardSounds?.line == 2)
        #expect(config.unknownCardSound?.value == "/home/u/.config/cdwally/sounds/what.ogg")
        #expect(config.refusedCardSound?.value == "/home/u/no.wav")
        #expect(try parse("[cards]\n").cardSounds == nil)
    }

    @Test func aWrongTypeOrAnEmptyPathIsAnErrorOfItsLine() {
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 2, key: "cards.sounds", message: "must be true or false, not a string")
        ) { try parse("[cards]\nsounds = \"yes\"\n") }
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 3, key: "cards.refused_sound", message: "must not be empty")
        ) { try parse("[cards]\n\n refused_sound = \"\"\n") }
    }
}
