import CDWallyPlayer
import CEvdev

extension KeyMap {
    /// The press one raw event makes, if it is a press of a bound key.
    ///
    /// Only value 1 counts: 0 is a release, and 2 is autorepeat, which IR receivers send
    /// ten times a second while a button is held; acting on it would skip several tracks
    /// per press (pitfall 15). The reader and the tests both go through here.
    func press(for event: input_event) -> KeyPress? {
        guard event.type == UInt16(EV_KEY), event.value == 1 else { return nil }
        let key = KeyCode(rawValue: event.code)
        return command(for: key).map { KeyPress(key: key, command: $0) }
    }
}
