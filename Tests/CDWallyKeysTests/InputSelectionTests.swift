import CDWallyCore
import CDWallyKeys
import Testing

@Suite struct InputSelectionTests {
    @Test func autoWinsAndIsTheDefault() {
        #expect(InputSelection(arguments: ["auto"]) == .auto)
        #expect(InputSelection(arguments: ["AUTO"]) == .auto)
        #expect(InputSelection(arguments: []) == .auto)
        #expect(InputSelection(arguments: ["/dev/input/event3", "auto"], grab: true) == .auto)
    }

    @Test func pathsAreKeptInOrder() {
        #expect(
            InputSelection(arguments: ["/dev/input/event3", "/dev/input/by-id/remote"], grab: true)
                == .devices([RawPath("/dev/input/event3"), RawPath("/dev/input/by-id/remote")], grab: true))
        #expect(InputSelection(arguments: ["event1"]) == .devices([RawPath("event1")], grab: false))
    }
}
