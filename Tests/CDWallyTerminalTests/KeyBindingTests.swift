import CDWallyPlayer
import Testing

@testable import CDWallyTerminal

/// The key table: every key the task asks for does what it says, and nothing is bound twice.
@Suite struct KeyBindingTests {
    @Test func theKeysOfThePlayer() {
        let expected: [(Key, KeyAction)] = [
            (.character(" "), .togglePlay), (.character("n"), .nextTrack), (.character("p"), .previousTrack),
            (.left, .seek(-10)), (.right, .seek(10)), (.character("]"), .nextDisc), (.pageDown, .nextDisc),
            (.character("["), .previousDisc), (.pageUp, .previousDisc), (.character("r"), .randomDisc),
            (.character("s"), .stop), (.character("0"), .digit(0)), (.character("7"), .digit(7)),
            (.enter, .confirmDisc), (.escape, .cancelDisc), (.backspace, .eraseDigit),
            (.character("?"), .toggleHelp), (.control("l"), .redraw), (.character("q"), .quit),
            (.control("c"), .quit),
        ]
        for (key, action) in expected {
            #expect(KeyBinding.action(for: key) == action, "\(key)")
        }
        #expect(KeyBinding.action(for: .character("Q")) == .quit)
        #expect(KeyBinding.action(for: .character("x")) == nil)
        #expect(KeyBinding.action(for: .up) == nil)
    }

    @Test func noKeyIsBoundTwice() {
        let all = KeyBinding.table.flatMap(\.keys.keys)
        #expect(all.count == Set(all).count)
    }

    @Test func keysThatDriveThePlayerSendItsCommands() {
        #expect(KeyAction.togglePlay.playerCommand == .toggle)
        #expect(KeyAction.nextTrack.playerCommand == .next)
        #expect(KeyAction.previousTrack.playerCommand == .previous)
        #expect(KeyAction.seek(-10).playerCommand == .seek(.relative(-10)))
        #expect(KeyAction.nextDisc.playerCommand == .nextDisc)
        #expect(KeyAction.previousDisc.playerCommand == .previousDisc)
        #expect(KeyAction.randomDisc.playerCommand == .randomDisc)
        #expect(KeyAction.stop.playerCommand == .stop)
        #expect(KeyAction.quit.playerCommand == nil)
        #expect(KeyAction.digit(3).playerCommand == nil)
    }
}
