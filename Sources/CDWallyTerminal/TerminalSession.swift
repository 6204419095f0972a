#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal taken over for the display: raw mode (keys arrive one by one, unechoed,
/// Ctrl-C as a byte), the alternate screen, the cursor hidden and line wrap off. Opening
/// saves the terminal's settings; `close()` puts them back, and so does `TerminalRescue`
/// if the process crashes or exits first. The shell gets back exactly the terminal it
/// lent, with its scrollback untouched.
///
/// Threads: the display loop opens it, draws through it and closes it; the crash handlers
/// read only their own copy of the saved settings.
final class TerminalSession {
    /// Alternate screen (saving the cursor), cursor hidden, no autowrap, cleared. Without
    /// wrap a row that is wider than expected (an ambiguous-width character) is clipped
    /// instead of scrolling the whole display.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[H\u{1B}[2J"
    /// Styles off, autowrap and cursor back, main screen back.
    static let leaveSequence = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    let input: Int32
    let output: Int32
    private let saved: termios
    private let raw: termios
    private var isOpen = true

    private init(input: Int32, output: Int32, saved: termios, raw: termios) {
        self.input = input
        self.output = output
        self.saved = saved
        self.raw = raw
    }

    deinit {
        close()
    }

    /// Takes over the terminal on `input` (keys) and `output` (the screen).
    static func open(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(TerminalError)
        -> TerminalSession
    {
        var saved = termios()
        try TerminalError.check(tcgetattr(input, &saved), "tcgetattr on the terminal")
        guard TerminalRescue.arm(input: input, output: output, saved: saved, reset: Array(leaveSequence.utf8))
        else { throw .alreadyInUse }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        do {
            try TerminalError.check(tcsetattr(input, TCSANOW, &raw), "tcsetattr on the terminal")
        } catch {
            TerminalRescue.disarm()
            throw error
        }
        let session = TerminalSession(input: input, output: output, saved: saved, raw: raw)
        session.send(Array(enterSequence.utf8))
        return session
    }

    /// The terminal's size now, or nil when it will not say (then 80×24 is a fair guess).
    func size() -> ScreenSize? {
        var size = winsize()
        for fd in [output, input] where ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
            return ScreenSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
        }
        return nil
    }

    /// The size of a character cell in pixels, or zeros when the terminal does not say (many
    /// leave TIOCGWINSZ's pixel fields at 0).
    func cellSize() -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (0, 0)
        }
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }

    /// Writes all of `bytes`; a terminal that went away (EIO after a hang-up) is ignored.
    func send(_ bytes: [UInt8]) {
        guard isOpen, !TerminalRescue.hasRescued else { return }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Ctrl-Z, which raw mode delivers as a byte instead of SIGTSTP: gives the shell back the
    /// terminal it lent, as `close()` does, and stops the process as the terminal's own Ctrl-Z
    /// would (libmpv's threads stop too, so the music pauses with the process). The signal
    /// goes to this thread, unblocked for the moment (the cooperative pool's threads block
    /// signals), so the stop happens before `raise` returns: sent to the process, another
    /// thread could take it while this one redraws over the shell. Returns
    /// once continued in the foreground (`fg`), with the display's modes taken again; the
    /// caller repaints. Continued in the background (`bg`) it stops again at once: it would
    /// draw over the shell, and its key reader would find the terminal gone. Without job
    /// control (an orphaned process group) the stop is discarded and the display comes
    /// straight back.
    func suspend() {
        guard isOpen else { return }
        send(Array(Self.leaveSequence.utf8))
        var saved = self.saved
        _ = tcsetattr(input, TCSADRAIN, &saved)
        var stop = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &stop, &mask)
        while true {
            raise(SIGTSTP)
            if tcgetpgrp(input) == getpgrp() { break }
            usleep(50_000)
        }
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        var raw = self.raw
        while tcsetattr(input, TCSANOW, &raw) != 0 && errno == EINTR {}
        send(Array(Self.enterSequence.utf8))
    }

    /// Puts the terminal back as it was. Idempotent.
    func close() {
        guard isOpen else { return }
        send(Array(Self.leaveSequence.utf8))
        isOpen = false
        var saved = self.saved
        _ = tcsetattr(input, TCSANOW, &saved)
        TerminalRescue.disarm()
    }
}
