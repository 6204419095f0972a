import Testing

@testable import CDWallyCore

/// Filters fold letters that are not accents; identity keys do not (docs/PRODUCT.md §11).
@Suite struct FilterFoldingTests {
    @Test func filtersSpellLettersThatAreNotAccentsAsPeopleTypeThem() {
        #expect(TextKey.filterFolded("Røyksopp") == "royksopp")
        #expect(TextKey.filterFolded("Ágætis BYRJUN") == "agaetis byrjun")
        #expect(TextKey.filterFolded("Łódź") == "lodz")
        #expect(TextKey.filterFolded("MØ") == "mo")
        #expect(TextKey.filterFolded("Þeyr Đorđe Œuvre Straße") == "theyr dorde oeuvre strasse")
        #expect(AlbumSummary.filterWords(["Sigur", "Rós", "Ágætis"]) == ["sigur", "ros", "agaetis"])
    }

    /// The identity keys (and so album ids, resume points, listens) fold as they always did.
    @Test func identityKeysKeepTheirLetters() {
        #expect(TextKey.folded("Røyksopp") == "røyksopp")
        #expect(TextKey.folded("Ágætis byrjun") == "agætis byrjun")
        #expect(TextKey.folded("MØ") == "mø")
        #expect(
            AlbumID(identityKey: TextKey.folded("MØ")) != AlbumID(identityKey: TextKey.filterFolded("MØ")))
    }
}

/// A removal's pieces put back give the very bytes (the undo of `remove`), card lines and
/// hints with their entry (docs/PRODUCT.md §11).
@Suite struct PlaylistRemovalTests {
    @Test func piecesPutBackGiveTheVeryBytes() {
        let original = Array(
            ("\u{FEFF}#CDWALLY-CARD:01 A — B\r\n#EXTINF:1,A - B\r\nA/B/01.flac\r\n# kept\r\n\r\n"
                + "#CDWALLY-CARD:02 C — D\r\n\r\nC/D/01.flac\r\nA/B/02.flac").utf8)
        let removal = PlaylistEdit.removal(entryLines: [3, 9], from: original)
        #expect(
            String(decoding: removal.bytes, as: UTF8.self)
                == "\u{FEFF}# kept\r\n\r\n#CDWALLY-CARD:02 C — D\r\n\r\nC/D/01.flac\r\n")
        #expect(removal.pieces.count == 2)
        var restored = removal.bytes
        for piece in removal.pieces { restored.insert(contentsOf: piece.bytes, at: piece.offset) }
        #expect(restored == original)
        // A card above another entry, or cut off by a comment, is not this entry's.
        #expect(PlaylistLines(original).cards(of: [8]) == [6])
        #expect(PlaylistLines(Array("#CDWALLY-CARD:1 x\n# note\nA/B/01.flac\n".utf8)).cards(of: [3]).isEmpty)
    }
}
