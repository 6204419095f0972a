import Glibc

/// What a keyboard-wedge card reader sends, through a uinput device.
extension VirtualInputDevice {
    /// The keys a reader advertises: digits, hex letters with Shift, both Enters.
    static let cardReaderKeys =
        (0...9).map { "KEY_\($0)" } + "ABCDEF".map { "KEY_\($0)" } + [
            "KEY_LEFTSHIFT", "KEY_ENTER", "KEY_KPENTER",
        ]

    /// Types `text` as a reader does, a key down and up for each character; a newline is Enter.
    /// `pause` between keys keeps a long text within what the kernel buffers for a reader that
    /// has not read yet (64 events), as a real reader's USB polling does.
    func type(_ text: String, pause: Duration = .zero) {
        for character in text {
            let key = character == "\n" ? "KEY_ENTER" : "KEY_\(character.uppercased())"
            send(key, value: 1)
            send(key, value: 0)
            let (seconds, attoseconds) = pause.components
            if pause > .zero { usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000)) }
        }
    }
}
