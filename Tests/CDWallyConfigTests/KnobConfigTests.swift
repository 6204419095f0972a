import Testing

@testable import CDWallyConfig

/// `[keys.long]` and `[knob]` (docs/PRODUCT.md §11): long presses beside the short bindings,
/// the knob's axis and direction.
@Suite struct KnobConfigTests {
    private func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFile.parse(text, path: "/c/config.toml", home: "/h")
    }

    @Test func longPressesAreATableInKeysEitherWayTOMLWritesIt() throws {
        let section = try parse(
            "[keys]\nKEY_NEXTSONG = \"next\"\n[keys.long]\nKEY_NEXTSONG = \"next-disc\"\n")
        #expect(section.keys.map(\.key) == ["KEY_NEXTSONG"] && section.keys.map(\.action) == ["next"])
        #expect(
            section.longKeys.map(\.key) == ["KEY_NEXTSONG"] && section.longKeys.map(\.action) == ["next-disc"]
        )
        #expect(section.longKeys.first?.line == 4)
        let dotted = try parse("[keys]\nKEY_NEXTSONG = \"next\"\nlong.KEY_NEXTSONG = \"next-disc\"\n")
        #expect(dotted.longKeys.map(\.action) == ["next-disc"] && dotted.keys.count == 1)
        #expect(throws: ConfigError.self) { try parse("[keys.long]\nKEY_NEXTSONG = 3\n") }
    }

    @Test func theKnobsAxisAndDirection() throws {
        let config = try parse("[knob]\naxis = \"REL_DIAL\"\nreverse = true\n")
        #expect(config.knobAxis?.value == "REL_DIAL" && config.knobReverse?.value == true)
        #expect(config.warnings == [])
        #expect(try parse("[knob]\nspeed = 2\n").warnings.count == 1)
        #expect(throws: ConfigError.self) { try parse("[knob]\nreverse = \"yes\"\n") }
    }
}
