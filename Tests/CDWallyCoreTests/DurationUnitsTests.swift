import CDWallyCore
import Testing

@Suite struct DurationUnitsTests {
    @Test func conversionsKeepTheFractionAndRoundWaitsUp() {
        #expect(Duration.milliseconds(1500).inSeconds == 1.5)
        #expect(Duration.milliseconds(1500).pollMilliseconds == 1500)
        // A wait is never shorter than asked: 0.1 ms is 1 ms for poll(2), not 0.
        #expect(Duration.microseconds(100).pollMilliseconds == 1)
        #expect(Duration.seconds(-1).pollMilliseconds == 0)
        #expect(Duration.seconds(1_000_000_000).pollMilliseconds == Int32.max)
        #expect(Duration.milliseconds(2500).microseconds == 2_500_000)
        #expect(Duration.seconds(-3).microseconds == 0)
        #expect(Duration.milliseconds(1250).nanoseconds == 1_250_000_000)
    }
}
