import Testing

@testable import CDWallyTerminal

/// Raw-mode bytes as terminals send them, into keys.
@Suite struct KeyDecoderTests {
    private func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test func printableKeysEnterBackspaceAndControlKeys() {
        #expect(
            keys(" nq?]") == [
                .character(" "), .character("n"), .character("q"), .character("?"), .character("]"),
            ])
        #expect(keys("\r\n\u{7F}\u{08}\t") == [.enter, .enter, .backspace, .backspace, .tab])
        #expect(keys("\u{03}\u{0C}\u{1A}") == [.control("c"), .control("l"), .control("z")])
        #expect(keys("\u{00}\u{1C}") == [.unknown, .unknown])
    }

    @Test func arrowsAndPagingInEveryCommonEncoding() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}[5~\u{1B}[6~") == [.pageUp, .pageDown])
        #expect(
            keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[2~\u{1B}[3~") == [
                .home, .end, .home, .end, .insert, .delete,
            ])
        #expect(keys("\u{1B}[1;5C\u{1B}[1;2D") == [.right, .left])
        #expect(keys("\u{1B}OP\u{1B}[15~\u{1B}[24~") == [.function(1), .function(5), .function(12)])
    }

    @Test func aSequenceSplitAcrossReadsIsOneKey() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}".utf8)) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.feed(Array("6".utf8)) == [])
        #expect(decoder.feed(Array("~n".utf8)) == [.pageDown, .character("n")])
        #expect(!decoder.isWaiting)
    }

    @Test func aLoneEscapeIsEscapeOnceTheInputIsQuiet() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush() == [])
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
        // Alt+x: Escape, then x.
        #expect(keys("\u{1B}x") == [.escape, .character("x")])
        // A sequence cut short and then silence is not a string of keys.
        #expect(keys("\u{1B}[1;5") == [.unknown])
    }

    @Test func unknownSequencesAreSwallowedWhole() {
        #expect(keys("\u{1B}[99z1") == [.unknown, .character("1")])
        #expect(keys("\u{1B}[200~q") == [.unknown, .character("q")])
        let long = "\u{1B}[" + String(repeating: "9;", count: 20) + "~q"
        #expect(keys(long) == [.unknown, .character("q")])
        // A sequence broken off by another byte: the byte still counts.
        #expect(keys("\u{1B}[12\u{03}") == [.unknown, .control("c")])
        var flood = KeyDecoder()
        #expect(flood.feed(Array(("\u{1B}[" + String(repeating: "1", count: 40)).utf8)) == [.unknown])
    }

    @Test func utf8CharactersEvenWhenSplit() {
        #expect(keys("é東") == [.character("é"), .character("東")])
        var decoder = KeyDecoder()
        let bytes = Array("東".utf8)
        #expect(decoder.feed(bytes.prefix(1)) == [])
        #expect(decoder.feed(bytes.dropFirst()) == [.character("東")])
        var broken = KeyDecoder()
        #expect(broken.feed([0xFF, 0x61]) == [.unknown, .character("a")])
        #expect(broken.feed([0xE6, 0x61]) == [.unknown, .character("a")])
        #expect(broken.feed([0xE6, 0x9D]) == [])
        #expect(broken.flush() == [.unknown])
    }
}
