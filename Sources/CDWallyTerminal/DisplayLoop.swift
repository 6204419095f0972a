import CDWallyCore
import CDWallyPlayer

/// The state of a running display and what each input does to it: keys become player
/// commands or display changes, events become messages, and every input ends with the
/// screen brought up to date (only the rows that changed are written).
///
/// Threads: owned by the task running `TerminalPlayerUI.run()`, which feeds it inputs one
/// at a time from the mailbox; nothing else touches it.
final class DisplayLoop {
    /// How long a message stays on the message line.
    static let messageLifetime: Duration = .seconds(8)
    /// The most digits a disc number can have.
    static let longestDiscNumber = 4

    private let session: TerminalSession
    private let player: Player
    private let commands: AsyncStream<PlayerCommand>.Continuation
    private var painter: ScreenPainter
    private var size: ScreenSize
    private var state = DisplayState()
    private var messageExpiry: ContinuousClock.Instant?

    init(
        session: TerminalSession, player: Player, commands: AsyncStream<PlayerCommand>.Continuation,
        useStyles: Bool
    ) {
        self.session = session
        self.player = player
        self.commands = commands
        painter = ScreenPainter(useStyles: useStyles)
        size = session.size() ?? ScreenSize(columns: 80, rows: 24)
    }

    /// Reacts to `input` and redraws; false once the display should close.
    func handle(_ input: DisplayInput) -> Bool {
        switch input {
        case .key(let key):
            guard handle(key) else { return false }
        case .event(.playbackFinished(walletPlayedThrough: true)):
            // `--then next` played the last disc: the program has run its course, as on a
            // CD changer in "continue" mode (a single disc ending leaves the display open).
            return false
        case .event(let event):
            handle(event)
        case .tick:
            if let expiry = messageExpiry, ContinuousClock.now >= expiry { show(nil) }
            // SIGWINCH may not be forwarded (or may be lost): check the size anyway.
            measure()
        case .resize:
            measure()
            painter.invalidate()
        case .message(let text):
            show(text)
        case .ended, .stop:
            return false
        }
        draw()
        return true
    }

    func draw() {
        let lines = DisplayRenderer.render(player.snapshot, size: size, state: state)
        let bytes = painter.update(to: lines, rows: size.rows)
        if !bytes.isEmpty { session.send(bytes) }
    }

    private func measure() {
        guard let measured = session.size(), measured != size else { return }
        size = measured
        painter.invalidate()
    }

    private func show(_ message: String?) {
        state.message = message
        messageExpiry = message.map { _ in ContinuousClock.now + Self.messageLifetime }
    }

    /// False for quit.
    private func handle(_ key: Key) -> Bool {
        guard let action = KeyBinding.action(for: key) else { return true }
        if var digits = state.pendingDisc {
            switch action {
            case .digit(let digit):
                if digits.count < Self.longestDiscNumber { digits += "\(digit)" }
                state.pendingDisc = digits
                return true
            case .eraseDigit:
                if !digits.isEmpty { digits.removeLast() }
                state.pendingDisc = digits
                return true
            case .confirmDisc:
                state.pendingDisc = nil
                if let number = Int(digits) { commands.yield(.play(disc: number, fromStart: false)) }
                return true
            case .cancelDisc:
                state.pendingDisc = nil
                return true
            default:
                // Any other key drops the number and does what it does.
                state.pendingDisc = nil
            }
        }
        switch action {
        case .digit(let digit):
            state.pendingDisc = "\(digit)"
            state.helpShown = false
        case .toggleHelp:
            state.helpShown.toggle()
        case .cancelDisc:
            state.helpShown = false
        case .redraw:
            painter.invalidate()
        case .suspend:
            // Returns once continued; the terminal may have changed size meanwhile.
            session.suspend()
            measure()
            painter.invalidate()
        case .quit:
            return false
        case .confirmDisc, .eraseDigit:
            break
        case .player(let command):
            commands.yield(command)
        }
        return true
    }

    private func handle(_ event: PlayerEvent) {
        switch event {
        case .discFinished(let album):
            show("Finished: \(album.albumArtist) — \(album.title)")
        case .trackSkipped(let path, let reason):
            show("Skipped \(path.lastComponent.display): \(reason)")
        case .warning(let warning):
            show("\(warning)")
        case .error(let error):
            show("\(error)")
        case .snapshotChanged, .trackChanged, .seeked, .playbackFinished:
            break
        }
    }
}
