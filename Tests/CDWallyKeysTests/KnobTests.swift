import CDWallyVocabulary
import CEvdev
import Testing

@testable import CDWallyKeys

/// The knob's steps (docs/PRODUCT.md §11): each detent of the rotary-encoder overlay's relative
/// axis is one volume step, in order, whatever the spin's speed.
@Suite struct KnobTests {
    private let up = PlayerCommand.volume(.by(KeyActionName.volumeStep))
    private let down = PlayerCommand.volume(.by(-KeyActionName.volumeStep))

    private func rel(_ name: String, _ value: Int32) -> input_event {
        var event = input_event()
        event.type = UInt16(EV_REL)
        event.code = Knob.code(named: name)!
        event.value = value
        return event
    }

    private func turn(_ knob: Knob, _ events: [input_event]) -> [PlayerCommand] {
        var interpreter = InputInterpreter(keyMap: .defaults, knob: knob)
        return events.flatMap { interpreter.interpret($0, at: .now) }.map(\.command)
    }

    @Test func eachDetentIsOneVolumeStepBySign() {
        #expect(turn(.default, [rel("REL_X", 1), rel("REL_X", 1), rel("REL_X", -1)]) == [up, up, down])
    }

    @Test func aQuickSpinIsOneChangePerDetentInOrder() {
        // The kernel adds up detents that fall in one report.
        #expect(turn(.default, [rel("REL_X", 3), rel("REL_X", -2)]) == [up, up, up, down, down])
        // A wild value is capped at more than the whole range, not millions of commands.
        #expect(turn(.default, [rel("REL_X", .max)]).count == Knob.mostStepsPerEvent)
    }

    @Test func theDefaultsFitTheOverlayWhicheverAxisItWasGiven() throws {
        for axis in ["REL_X", "REL_DIAL", "REL_WHEEL"] {
            #expect(turn(.default, [rel(axis, 1)]) == [up], "\(axis)")
        }
        #expect(turn(.default, [rel("REL_Y", 1), rel("REL_HWHEEL", 1)]) == [])
        #expect(try Knob(axis: nil) == .default)
    }

    @Test func theConfigNarrowsTheAxisAndTurnsTheDirectionRound() throws {
        let dial = try Knob(axis: "dial", reverse: true)
        #expect(dial.axes == [Knob.code(named: "REL_DIAL")!])
        #expect(turn(dial, [rel("REL_DIAL", 1), rel("REL_X", 1), rel("REL_DIAL", -2)]) == [down, up, up])
        let error = try #require(throws: InputError.self) { try Knob(axis: "REL_KNOB") }
        #expect(error == .unknownAxisName("REL_KNOB", file: nil))
        #expect(error.description.hasPrefix("[knob]: axis = \"REL_KNOB\" is not a relative axis"))
    }

    @Test func knobStepsSayWhereTheyCameFrom() {
        var interpreter = InputInterpreter(keyMap: .defaults)
        let press = interpreter.interpret(rel("REL_X", 1), at: .now).first
        #expect(press?.description == "knob REL_X" && press?.key == nil)
    }
}
