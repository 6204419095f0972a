import CDWallyPlayer
import CDWallyVocabulary
import Testing

/// The words of `cdwally sleep`, as every front end reads them.
struct SleepRequestTests {
    @Test func timesAreReadInHoursMinutesAndSeconds() {
        #expect(SleepRequest(text: "45") == .after(seconds: 2700))
        #expect(SleepRequest(text: "1h30m") == .after(seconds: 5400))
        #expect(SleepRequest(text: "90s") == .after(seconds: 90))
        #expect(SleepRequest(text: "0.5m") == .after(seconds: 30))
        #expect(SleepRequest(text: "end-of-disc") == .endOfDisc)
        #expect(SleepRequest(text: "off") == .off)
        for nonsense in ["", "h", "30x", "m30", "-5", "forever", "1h 30m"] {
            #expect(SleepRequest(text: nonsense) == nil, "\(nonsense)")
        }
    }

    /// Found by the `control` fuzzer: a timer of 10^90 minutes was accepted, and writing it
    /// for the socket trapped converting it to an Int.
    @Test func aTimerRunsFromASecondToADay() {
        #expect(SleepRequest(text: "24h") == .after(seconds: 86400))
        #expect(SleepRequest(text: "1s") == .after(seconds: 1))
        for tooLong in ["24h1s", "1441", "1e308", String(repeating: "6", count: 100) + "1h30m"] {
            #expect(SleepRequest(text: tooLong) == nil, "\(tooLong)")
        }
        #expect(SleepRequest(text: "0.2s") == nil)
        #expect(SleepRequest(text: "0") == nil)
    }

    @Test func whatATimerWritesReadsBackTheSame() throws {
        for text in ["1.7s", "45", "1h30m", "23h59m59.6s", "0.6s"] {
            let request = try #require(SleepRequest(text: text), "\(text)")
            #expect(SleepRequest(text: request.text) == request, "\(text) → \(request.text)")
        }
    }
}
