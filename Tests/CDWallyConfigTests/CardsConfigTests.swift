import CDWallyConfig
import Testing

/// `[cards]` (docs/PRODUCT.md §11): `card_again`, and command cards whose keys are card numbers;
/// a key that is neither is an error naming its line, so a typo never passes for a card.
@Suite struct CardsConfigTests {
    private let path = "/home/u/.config/cdwally/config.toml"

    private func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFile.parse(text, path: path, home: "/home/u")
    }

    @Test func commandCardsKeepTheirOrderAndNumbersReadAsCardNumbers() throws {
        let config = try parse(
            "[cards]\ncard_again = \"restart\"\n\"1234\" = \"stop\"\n\"0a1b\" = \"disc random\"\n77 = \"sleep 30\"\n"
        )
        #expect(config.cardAgain?.value == "restart" && config.cardAgain?.line == 2)
        #expect(config.cards.map(\.number) == ["1234", "0A1B", "77"])
        #expect(config.cards.map(\.action) == ["stop", "disc random", "sleep 30"])
        #expect(config.cards.map(\.line) == [3, 4, 5])
    }

    @Test func aKeyThatIsNoNumberAndABadChoiceAreErrorsOfTheirLine() {
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 2, key: "cards.card-again",
                message:
                    "is no card number (a card number is digits or hexadecimal digits 0-9 and A-F, not \"r\") and no setting (reader, card_again, sounds, unknown_sound, refused_sound)"
            )
        ) { try parse("[cards]\ncard-again = \"restart\"\n") }
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 2, key: "cards.card_again",
                message: "must be one of toggle, restart, ignore")
        ) { try parse("[cards]\ncard_again = \"pause\"\n") }
        #expect(
            throws: ConfigError.invalidValue(
                file: path, line: 2, key: "cards.12", message: "must be a string, not an integer")
        ) { try parse("[cards]\n12 = 3\n") }
    }
}
