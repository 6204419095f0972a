import CDWallyCore
import Testing

@testable import CDWallyKeys

/// What card readers type, as scripted key events, through the decoder the device side feeds.
/// These need no device: they are what the host runs.
@Suite struct CardReaderDecoderTests {
    private let start = ContinuousClock.now

    /// Feeds `keys` (names, `+NAME` for a key down alone, `-NAME` for its release) 8 ms apart,
    /// each with its release as a reader sends it, from `at` milliseconds on.
    private func typing(
        _ keys: [String], into decoder: inout CardReaderDecoder, at offset: Int = 0, step: Int = 8
    ) -> [CardReaderDecoder.Output] {
        var outputs: [CardReaderDecoder.Output] = []
        for (index, key) in keys.enumerated() {
            let time = start + .milliseconds(offset + index * step)
            let (name, values): (String, [Int32]) =
                key.hasPrefix("+")
                ? (String(key.dropFirst()), [1])
                : key.hasPrefix("-") ? (String(key.dropFirst()), [0]) : (key, [1, 0])
            for value in values {
                outputs += decoder.take(KeyCode(name: name)!, value: value, at: time)
            }
        }
        return outputs
    }

    private func keys(_ text: String) -> [String] {
        text.map { "KEY_\($0)" }
    }

    private func card(_ text: String) -> CardReaderDecoder.Output {
        .card(CardNumber(text)!)
    }

    @Test func digitsAndEnterAreOneCard() {
        var decoder = CardReaderDecoder()
        #expect(typing(keys("0012345678") + ["KEY_ENTER"], into: &decoder) == [card("0012345678")])
        #expect(decoder.deadline == nil)
    }

    @Test func theKeypadAndItsEnterTypeCardsToo() {
        var decoder = CardReaderDecoder()
        let typed = "0907".map { "KEY_KP\($0)" } + ["KEY_KPENTER"]
        #expect(typing(typed, into: &decoder) == [card("0907")])
    }

    @Test func hexLettersCountWithOrWithoutShiftAndAreKeptUpperCase() {
        var decoder = CardReaderDecoder()
        let shifted = ["+KEY_LEFTSHIFT", "KEY_A", "KEY_F", "-KEY_LEFTSHIFT"]
        let typed = keys("04") + shifted + keys("3C9") + ["KEY_ENTER"]
        #expect(typing(typed, into: &decoder) == [card("04AF3C9")])
        #expect(typing(keys("BEEF") + ["KEY_ENTER"], into: &decoder, at: 500) == [card("BEEF")])
    }

    @Test func autorepeatAndReleasesTypeNothing() {
        var decoder = CardReaderDecoder()
        var outputs = decoder.take(KeyCode(name: "KEY_1")!, value: 1, at: start)
        outputs += decoder.take(KeyCode(name: "KEY_1")!, value: 2, at: start + .milliseconds(5))
        outputs += decoder.take(KeyCode(name: "KEY_1")!, value: 2, at: start + .milliseconds(10))
        outputs += decoder.take(KeyCode(name: "KEY_1")!, value: 0, at: start + .milliseconds(15))
        outputs += decoder.take(KeyCode(name: "KEY_ENTER")!, value: 1, at: start + .milliseconds(20))
        #expect(outputs == [card("1")])
    }

    @Test func aLetterBeyondHexadecimalIsOneProblemAndTheNextCardReads() {
        var decoder = CardReaderDecoder()
        let typed = keys("12G4") + ["KEY_ENTER"] + keys("77") + ["KEY_ENTER"]
        let outputs = typing(typed, into: &decoder)
        #expect(outputs == [.problem(.notHexadecimal(KeyCode(name: "KEY_G")!)), card("77")])
        guard case .problem(let problem) = outputs[0] else { return }
        #expect(problem.description.hasPrefix("the card reader typed G, which no card number has"))
    }

    @Test func aSpaceOrAMediaKeyIsNoDigitEither() {
        var decoder = CardReaderDecoder()
        let typed = ["KEY_1", "KEY_SPACE", "KEY_2", "KEY_VOLUMEUP", "KEY_ENTER"]
        #expect(typing(typed, into: &decoder) == [.problem(.notHexadecimal(KeyCode(name: "KEY_SPACE")!))])
    }

    @Test func twoHundredDigitsAreOneProblem() {
        var decoder = CardReaderDecoder()
        let digits = (0..<200).map { "KEY_\($0 % 10)" }
        let outputs = typing(digits + ["KEY_ENTER"], into: &decoder, step: 1)
        #expect(outputs == [.problem(.tooLong(200))])
        #expect(typing(keys("42") + ["KEY_ENTER"], into: &decoder, at: 400) == [card("42")])
    }

    @Test func thirtyTwoDigitsAreACardAndThirtyThreeAreNot() {
        var decoder = CardReaderDecoder()
        let longest = String(repeating: "9", count: CardNumber.maximumLength)
        #expect(typing(keys(longest) + ["KEY_ENTER"], into: &decoder, step: 1) == [card(longest)])
        let outputs = typing(keys(longest + "9") + ["KEY_ENTER"], into: &decoder, at: 100, step: 1)
        #expect(outputs == [.problem(.tooLong(CardNumber.maximumLength + 1))])
    }

    @Test func aHalfNumberIsDroppedAfterASecondWithNoKey() {
        var decoder = CardReaderDecoder()
        #expect(typing(keys("1234"), into: &decoder).isEmpty)
        let last = start + .milliseconds(3 * 8)
        #expect(decoder.deadline == last + .seconds(1))
        #expect(decoder.expire(at: last + .milliseconds(999)) == nil)
        #expect(decoder.expire(at: last + .seconds(1)) == .problem(.unfinished("1234")))
        #expect(decoder.deadline == nil)
        #expect(decoder.expire(at: last + .seconds(5)) == nil)
        // The next card is whole, not glued to the half number.
        #expect(typing(keys("99") + ["KEY_ENTER"], into: &decoder, at: 2000) == [card("99")])
    }

    @Test func aHalfNumberIsDroppedWhenTheNextCardStartsLate() {
        var decoder = CardReaderDecoder()
        _ = typing(keys("1234"), into: &decoder)
        let outputs = typing(keys("56") + ["KEY_ENTER"], into: &decoder, at: 3000)
        #expect(outputs == [.problem(.unfinished("1234")), card("56")])
    }

    @Test func aSlowReaderIsNotCutWhileItsKeysKeepComing() {
        var decoder = CardReaderDecoder()
        // 300 ms between keys: 3 s for the number, never a second of silence.
        #expect(typing(keys("123456789") + ["KEY_ENTER"], into: &decoder, step: 300) == [card("123456789")])
    }

    @Test func anEnterAloneIsAProblem() {
        var decoder = CardReaderDecoder()
        #expect(typing(["KEY_ENTER"], into: &decoder) == [.problem(.enterAlone)])
        #expect(typing(["KEY_LEFTSHIFT", "KEY_KPENTER"], into: &decoder, at: 50) == [.problem(.enterAlone)])
    }

    @Test func aBadNumberLeftUnfinishedSaysWhatWasWrong() {
        var decoder = CardReaderDecoder()
        _ = typing(keys("1Z"), into: &decoder)
        #expect(decoder.expire(at: start + .seconds(2)) == .problem(.notHexadecimal(KeyCode(name: "KEY_Z")!)))
    }
}
