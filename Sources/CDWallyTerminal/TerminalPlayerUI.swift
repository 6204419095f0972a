import CDWallyCore
import CDWallySystem
import CDWallyVocabulary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cdwally play` on a terminal: a CD player's display that redraws a few times a second
/// and at once on every key and player event, and the keys of `KeyBinding.table`.
///
/// ```swift
/// let display = TerminalPlayerUI(player: player, environment: environment)
/// // SIGWINCH → display.terminalResized(); log lines → display.show(message:)
/// try await display.run()   // returns on q / Ctrl-C, or once stop() is called
/// ```
///
/// While `run()` is running the terminal is in raw mode on the alternate screen, and fd 2,
/// when it is the terminal too, is captured so nothing scribbles over the display (stray
/// output shows on the message line). When it returns, or if the process crashes or exits first, the terminal is as it
/// was. A disc that ends with `--then stop` leaves the display open, stopped.
///
/// Threads: any thread may call `stop()`, `terminalResized()` and `show(message:)`; they
/// post to a mailbox that `run()` drains on its task, which alone owns the display's state.
/// Keys reach the player through a queue, in order, so a slow command (loading a disc)
/// never holds up the display.
public final class TerminalPlayerUI: Sendable {
    /// How often the clock is redrawn.
    static let tickInterval: Duration = .milliseconds(250)

    /// What the display shows.
    private let view: any PlayerView
    /// Where its keys' commands go: the host's one door, as every front end's do.
    private let inbox: any PlayerInbox
    private let useStyles: Bool
    /// How covers are found and drawn; nil when they are off.
    private let covers: CoverOptions?
    /// What `/` searches; nil for no search.
    private let library: TerminalLibrary?
    private let inputs: AsyncStream<DisplayInput>
    private let mailbox: AsyncStream<DisplayInput>.Continuation
    private let started = LockedValue(false)

    /// `covers`: show the disc's cover (`CoverLayout` says when it fits); nil for none, and
    /// none with `NO_COLOR` set.
    public init(
        view: any PlayerView, inbox: any PlayerInbox, environment: [String: String],
        covers: CoverOptions? = nil,
        library: TerminalLibrary? = nil
    ) {
        self.view = view
        self.inbox = inbox
        useStyles = Self.stylesAllowed(environment: environment)
        self.covers = TerminalCoverWorker.coverAllowed(environment: environment) ? covers : nil
        self.library = library
        (inputs, mailbox) = AsyncStream.makeStream(of: DisplayInput.self)
    }

    /// Whether the display can run: keys from a terminal, output to a terminal that
    /// understands cursor addressing. Otherwise `play` prints plain lines.
    public static func isAvailable(environment: [String: String]) -> Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
    }

    /// Bold and reverse video unless `NO_COLOR` is set (to anything but "") or TERM is dumb.
    static func stylesAllowed(environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Shows the display until the user quits, `stop()` is called, the terminal hangs up or
    /// the player shuts down. Throws only when the terminal cannot be taken over, before
    /// anything was drawn. Runs once; later calls return at once.
    public func run() async throws(TerminalError) {
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        guard first else { return }
        let mailbox = self.mailbox
        let session = try TerminalSession.open()
        let keys: KeyReader
        do {
            keys = try KeyReader(
                input: session.input, onKey: { mailbox.yield(.key($0)) }, onEnd: { mailbox.yield(.ended) })
        } catch {
            session.close()
            throw error
        }
        // Only a stderr on the terminal could scribble over the display; one redirected to a
        // file stays where the user put it. Without a pipe the display still works.
        let capture =
            isatty(STDERR_FILENO) == 1 ? try? StandardErrorCapture.start { mailbox.yield(.message($0)) } : nil

        let (commands, commandQueue) = AsyncStream.makeStream(of: PlayerCommand.self)
        let view = self.view
        let inbox = self.inbox
        // Handed on in order to the host; a failure comes back as a message.
        Task {
            for await command in commands {
                inbox.send(command) { result in
                    if case .failure(let error) = result { mailbox.yield(.message("\(error)")) }
                }
            }
        }
        let events = view.events()
        let listener = Task {
            for await event in events { mailbox.yield(.event(event)) }
            mailbox.yield(.ended)
        }
        let clock = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.tickInterval)
                mailbox.yield(.tick)
            }
        }

        let artist = covers.map { options in
            CoverArtist(options: options) { request, picture in mailbox.yield(.cover(request, picture)) }
        }
        let loop = DisplayLoop(
            session: session, view: view, commands: commandQueue, useStyles: useStyles, artist: artist,
            library: library, post: { mailbox.yield($0) })
        loop.draw()
        keys.start()
        for await input in inputs {
            guard loop.handle(input) else { break }
        }

        loop.close()
        mailbox.finish()
        clock.cancel()
        listener.cancel()
        commandQueue.finish()
        keys.stop()
        capture?.stop()
        session.close()
    }

    /// Asks `run()` to close the display and return; from any thread, any number of times.
    public func stop() {
        mailbox.yield(.stop)
    }

    /// The terminal changed size (SIGWINCH): measure it again and draw everything.
    public func terminalResized() {
        mailbox.yield(.resize)
    }

    /// Puts `message` on the message line for a few seconds (log lines, notices).
    public func show(message: String) {
        mailbox.yield(.message(message))
    }
}
