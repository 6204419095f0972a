import Testing

@testable import CDWallyLibrary

@Suite("TagValue: tag text to values")
struct TagValueTests {
    @Test func trimsAndDropsEmptyText() {
        #expect(TagValue.trimmed("  Title \n") == "Title")
        #expect(TagValue.trimmed("   ") == nil)
        #expect(TagValue.trimmed("") == nil)
        #expect(TagValue.trimmed(nil) == nil)
        #expect(TagValue.trimmed("a  b") == "a  b")
    }

    @Test func readsCompilationFlags() {
        for yes in ["1", "true", "TRUE", " yes "] { #expect(TagValue.flag(yes), "\(yes)") }
        for no in ["0", "false", "", "2", "no", "  "] { #expect(!TagValue.flag(no), "\(no)") }
        #expect(!TagValue.flag(nil))
    }

    @Test func readsGains() {
        #expect(TagValue.gain("-6.50 dB") == -6.5)
        #expect(TagValue.gain("+1.25 dB") == 1.25)
        #expect(TagValue.gain("-7.12dB") == -7.12)
        #expect(TagValue.gain("  3 dB") == 3)
        #expect(TagValue.gain("-4,5 dB") == -4.5)
        #expect(TagValue.gain("0.00 dB") == 0)
        #expect(TagValue.gain("dB") == nil)
        #expect(TagValue.gain("-") == nil)
        #expect(TagValue.gain("") == nil)
        #expect(TagValue.gain(nil) == nil)
        #expect(TagValue.gain("1e308 dB") == 1)  // the number ends at "e"
        #expect(TagValue.gain("999 dB") == nil)
    }

    @Test func writesGainsAsTaggersDo() {
        #expect(TagValue.gainText(-6.5) == "-6.50 dB")
        #expect(TagValue.gainText(1.25) == "1.25 dB")
        #expect(TagValue.gainText(-0.001) == "0.00 dB")
        #expect(TagValue.gainText(-10.07) == "-10.07 dB")
        for gain in [-12.34, 0, 5.5, -0.05] {
            #expect(TagValue.gain(TagValue.gainText(gain)) == gain)
        }
    }
}
