import CEvdev

extension KeyMap {
    /// The action for one raw event, if it is a press of a bound key.
    ///
    /// Only value 1 counts: 0 is a release, and 2 is autorepeat, which IR receivers send
    /// ten times a second while a button is held; acting on it would skip several tracks
    /// per press (pitfall 15). The reader and the tests both go through here.
    func pressedAction(for event: input_event) -> MediaKeyAction? {
        guard event.type == UInt16(EV_KEY), event.value == 1 else { return nil }
        return action(for: KeyCode(rawValue: event.code))
    }
}
