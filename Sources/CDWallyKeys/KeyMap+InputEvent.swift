import CDWallyVocabulary
import CEvdev

extension KeyMap {
    /// The press one raw event makes at once, if it is a press of a bound key: the rules of
    /// `InputInterpreter`, which the reader applies, for one event on its own.
    func press(for event: input_event) -> KeyPress? {
        guard event.type == UInt16(EV_KEY) else { return nil }
        var interpreter = InputInterpreter(keyMap: self)
        return interpreter.interpret(event, at: .now).first
    }
}
