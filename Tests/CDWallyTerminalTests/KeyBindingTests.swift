import Testing

@testable import CDWallyTerminal

/// The key table: every key the task asks for does what it says, and nothing is bound twice.
@Suite struct KeyBindingTests {
    @Test func theKeysOfThePlayer() {
        let expected: [(Key, KeyAction)] = [
            (.character(" "), .player(.toggle)), (.character("n"), .player(.next)),
            (.character("p"), .player(.previous)), (.left, .player(.seek(.relative(-10)))),
            (.right, .player(.seek(.relative(10)))), (.character("]"), .player(.nextDisc)),
            (.pageDown, .player(.nextDisc)), (.character("["), .player(.previousDisc)),
            (.pageUp, .player(.previousDisc)), (.character("r"), .player(.randomDisc)),
            (.character("x"), .player(.shuffle(nil))), (.character("s"), .player(.stop)),
            (.character("0"), .digit(0)), (.character("7"), .digit(7)),
            (.enter, .confirmDisc), (.escape, .cancelDisc), (.backspace, .eraseDigit),
            (.character("?"), .toggleHelp), (.control("l"), .redraw), (.character("q"), .quit),
            (.control("c"), .quit),
        ]
        for (key, action) in expected {
            #expect(KeyBinding.action(for: key) == action, "\(key)")
        }
        #expect(KeyBinding.action(for: .character("Q")) == .quit)
        #expect(KeyBinding.action(for: .character("z")) == nil)
        #expect(KeyBinding.action(for: .up) == nil)
    }

    @Test func noKeyIsBoundTwice() {
        let all = KeyBinding.table.flatMap(\.keys.keys)
        #expect(all.count == Set(all).count)
    }
}
