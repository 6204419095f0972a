import Foundation
import Testing

@testable import CDWallyCore

@Suite struct TextRulesTests {
    @Test func editionSuffixesStripRepeatedlyAndOnlyForEditionWords() {
        #expect(EditionTitle.base(of: "Album (Deluxe Edition)") == "Album")
        #expect(EditionTitle.base(of: "Album [Remastered]") == "Album")
        #expect(EditionTitle.base(of: "X (Deluxe) [Remastered]") == "X")
        #expect(EditionTitle.base(of: "X (2011 REMASTER)") == "X")
        #expect(EditionTitle.base(of: "Live at Leeds (Live)") == "Live at Leeds (Live)")
        #expect(EditionTitle.base(of: "X (Deluxer)") == "X (Deluxer)")
        #expect(EditionTitle.base(of: "(Deluxe)") == "(Deluxe)")
        #expect(EditionTitle.base(of: "Songs (Live) (Expanded)") == "Songs (Live)")
        for word in EditionTitle.editionWords {
            #expect(EditionTitle.base(of: "T (\(word.uppercased()))") == "T")
        }
    }

    @Test func discFoldersAndFileNameNumbers() {
        #expect(TrackPlacement.discNumber(folderName: "CD1") == 1)
        #expect(TrackPlacement.discNumber(folderName: "CD 2") == 2)
        #expect(TrackPlacement.discNumber(folderName: "Disc 3") == 3)
        #expect(TrackPlacement.discNumber(folderName: "disc3") == 3)
        #expect(TrackPlacement.discNumber(folderName: "Disk-04") == 4)
        #expect(TrackPlacement.discNumber(folderName: "CD2 - Live") == 2)
        #expect(TrackPlacement.discNumber(folderName: "Discography") == nil)
        #expect(TrackPlacement.discNumber(folderName: "CD10Songs") == nil)
        #expect(TrackPlacement.discNumber(folderName: "Album") == nil)
        #expect(TrackPlacement.numbers(fileStem: "03 - Song") == (nil, 3))
        #expect(TrackPlacement.numbers(fileStem: "1-03 Song") == (1, 3))
        #expect(TrackPlacement.numbers(fileStem: "2-11. Song") == (2, 11))
        #expect(TrackPlacement.numbers(fileStem: "Song") == (nil, nil))
        #expect(TrackPlacement.numbers(fileStem: "1999 - Song") == (nil, nil))
    }

    @Test func tagNumbersAndYears() {
        #expect(TagNumber.leading("3/12") == 3)
        #expect(TagNumber.leading("03") == 3)
        #expect(TagNumber.leading("0") == nil)
        #expect(TagNumber.leading("x3") == nil)
        #expect(TagNumber.year(in: "℗ 1983 Warner") == 1983)
        #expect(TagNumber.year(in: "1983-05-01") == 1983)
        #expect(TagNumber.year(in: "© 12345") == nil)
    }

    @Test func foldingArticlesAndNaturalOrder() {
        #expect(TextKey.folded("Björk") == TextKey.folded("BJORK"))
        // The ASCII fast path and Foundation's folding agree.
        for text in ["  The Beatles\t", "AC/DC", "", "   ", "MiXeD 123 !?", "\nLine\r"] {
            #expect(
                TextKey.folded(text)
                    == text.folding(
                        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
                    )
                    .trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(TextKey.loose("AC/DC – Back in Black!") == "acdcbackinblack")
        #expect(TextKey.artistSort("The Beatles") == "beatles")
        #expect(TextKey.artistSort("A Tribe Called Quest") == "tribe called quest")
        #expect(TextKey.artistSort("An Pierlé") == "pierle")
        #expect(TextKey.artistSort("Theatre") == "theatre")
        #expect(TextKey.artistSort("The") == "the")
        let names = ["10 Ten.flac", "2 Two.flac", "1 One.flac", "b.flac", "A.flac"]
        #expect(
            names.sorted(by: TextKey.naturalOrder) == [
                "1 One.flac", "2 Two.flac", "10 Ten.flac", "A.flac", "b.flac",
            ])
    }

    @Test func rawPathsNormaliseAndCompareBytes() {
        #expect(RawPath("/a/./b/../c//d").lexicallyNormalized() == RawPath("/a/c/d"))
        #expect(RawPath("/../x").lexicallyNormalized() == RawPath("/x"))
        #expect(RawPath("a/../../x").lexicallyNormalized() == RawPath("../x"))
        // Paths already normal come back as they are, dots inside names included.
        for normal in ["/", "/a", "a", "/a/...", "/a/.b/c.", "/a/..b/b..", "..."] {
            #expect(RawPath(normal).lexicallyNormalized() == RawPath(normal), "\(normal)")
        }
        #expect(RawPath("/a/").lexicallyNormalized() == RawPath("/a"))
        #expect(RawPath("/a/.").lexicallyNormalized() == RawPath("/a"))
        #expect(RawPath("//a").lexicallyNormalized() == RawPath("/a"))
        #expect(RawPath("./a").lexicallyNormalized() == RawPath("a"))
        #expect(RawPath("").lexicallyNormalized() == RawPath("."))
        #expect(RawPath("/a/b").withCString { String(cString: $0) } == "/a/b")
        #expect(RawPath("/m/A/CD1/01.flac").parent == RawPath("/m/A/CD1"))
        #expect(RawPath("/m/A/CD1/01.flac").stem == RawPath("01"))
        #expect(RawPath("/m/A/x.FLAC").fileExtension == "flac")
        #expect(RawPath("/m/A/B").isInside(RawPath("/m/A")))
        #expect(!RawPath("/m/AB").isInside(RawPath("/m/A")))
        #expect(RawPath(bytes: [0x2F, 0xE9]).display == "/\u{FFFD}")
        #expect(RawPath("/a") < RawPath("/b"))
    }

    @Test func albumIDsAreStableAcrossRuns() {
        // FNV-1a 64 of "a": fixed forever, or every saved resume point is lost.
        #expect(AlbumID(identityKey: "a").rawValue == "af63dc4c8601ec8c")
        #expect(AlbumID(identityKey: "").rawValue == "cbf29ce484222325")
    }

    @Test func jsonIsWrittenWithKeyOrderAndNulls() {
        let value = JSONValue.object([
            ("b", .int(1)), ("a", .null), ("s", .string("q\"\n\u{1}")), ("d", .seconds(1.23456)),
        ])
        #expect(value.serialized(pretty: false) == #"{"b":1,"a":null,"s":"q\"\n\u0001","d":1.235}"#)
    }

    @Test func jsonEscapesEveryControlCharacterAndKeepsTheRest() throws {
        // DEL and the C1 controls too (a terminal acts on U+009B as on ESC [), but not the
        // letters around them that share their UTF-8 lead byte (U+00A0, U+00E9).
        let text = "a\u{7F}\u{80}\u{9B}\u{9F}\u{A0}é€\u{1B}"
        let bytes = JSONValue.array([.string(text)]).utf8(pretty: false)
        #expect(String(decoding: bytes, as: UTF8.self) == #"["a\u007f\u0080\u009b\u009f\#u{A0}é€\u001b"]"#)
        #expect(try JSONValue(parsing: bytes) == .array([.string(text)]))
        #expect(
            JSONValue.object([("e", .array([])), ("o", .object([]))]).serialized()
                == "{\n  \"e\": [],\n  \"o\": {}\n}")
    }
}

@Suite struct JSONParsingTests {
    @Test func parsesWhatItWrites() throws {
        let value = JSONValue.object([
            ("n", .int(3)), ("d", .double(1.5)), ("b", .bool(true)), ("s", .string("é\"")), ("z", .null),
            ("a", .array([.int(1), .string("x")])),
        ])
        let parsed = try JSONValue(parsing: Array(value.serialized().utf8))
        #expect(parsed["n"]?.intValue == 3)
        #expect(parsed["d"]?.doubleValue == 1.5)
        #expect(parsed["b"]?.boolValue == true)
        #expect(parsed["s"]?.stringValue == "é\"")
        #expect(parsed["z"] == .null)
        #expect(parsed["a"] == .array([.int(1), .string("x")]))
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: Array("{nope".utf8)) }
    }
}
