import Testing

@testable import CDWallyConfig

/// `[cards] reader` (docs/PRODUCT.md §11): one reader as a string, several as a list, each a
/// device path or a device name; a mistake names its line.
@Suite struct CardReaderConfigTests {
    private let path = "/c/config.toml"

    private func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFile.parse(text, path: path, home: "/h")
    }

    @Test func oneReaderIsAStringAndSeveralAList() throws {
        let one = try parse("[cards]\nreader = \"/dev/input/by-id/usb-RFID_Reader-event-kbd\"\n")
        #expect(one.cardReaders?.value == ["/dev/input/by-id/usb-RFID_Reader-event-kbd"])
        #expect(one.cardReaders?.line == 2)
        #expect(one.warnings == [])
        let two = try parse("\n[cards]\nreader = [\"Sycreader RFID\", \" /dev/input/event7 \"]\n")
        #expect(two.cardReaders?.value == ["Sycreader RFID", "/dev/input/event7"])
        #expect(two.cardReaders?.line == 3)
        #expect(try parse("[player]\nthen = \"next\"\n").cardReaders == nil)
    }

    @Test func aReaderThatNamesNothingIsRefusedWithItsLine() {
        let message =
            "must name a reader: a device path such as \"/dev/input/by-id/usb-…-event-kbd\" or a device name"
        for text in [
            "[cards]\nreader = \"\"\n", "[cards]\nreader = []\n", "[cards]\nreader = [\"a\", \" \"]\n",
        ] {
            #expect(
                throws: ConfigError.invalidValue(file: path, line: 2, key: "cards.reader", message: message)
            ) { try parse(text) }
        }
        #expect(throws: ConfigError.self) { try parse("[cards]\nreader = 3\n") }
    }
}
