import CDWallyCore
import CDWallyVocabulary

/// The state of a running display and what each input does to it: keys become player
/// commands or display changes, events become messages, and every input ends with the
/// screen brought up to date (only the rows that changed are written). The disc's cover, when
/// shown, sits at the top left (`CoverSlot`) and the text beside it.
///
/// Threads: owned by the task running `TerminalPlayerUI.run()`, which feeds it inputs one
/// at a time from the mailbox; nothing else touches it.
final class DisplayLoop {
    /// How long a message stays on the message line.
    static let messageLifetime: Duration = .seconds(8)
    /// The most digits a disc number can have.
    static let longestDiscNumber = 4

    private let session: TerminalSession
    private let view: any PlayerView
    private let commands: AsyncStream<PlayerCommand>.Continuation
    private var painter: ScreenPainter
    private var size: ScreenSize
    private var state = DisplayState()
    private var messageExpiry: ContinuousClock.Instant?
    /// Draws covers; nil when they are off.
    private let artist: CoverArtist?
    private var cover = CoverSlot()
    /// The column the painter's rows start at.
    private var textColumn = 0
    /// The whole screen is to be cleared and drawn again.
    private var needsClearing = false
    /// What `/` searches; nil leaves the key unbound.
    private let library: TerminalLibrary?
    /// Posts to the display's own mailbox: the library's answers come back through it.
    private let post: @Sendable (DisplayInput) -> Void

    init(
        session: TerminalSession, view: any PlayerView, commands: AsyncStream<PlayerCommand>.Continuation,
        useStyles: Bool, artist: CoverArtist? = nil, library: TerminalLibrary? = nil,
        post: @escaping @Sendable (DisplayInput) -> Void = { _ in }
    ) {
        self.session = session
        self.view = view
        self.commands = commands
        self.artist = artist
        self.library = library
        self.post = post
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
            invalidate()
        case .cover(let request, let picture):
            cover.receive(picture, for: request)
        case .message(let text):
            show(text)
        case .searchResults(let query, let total, let albums):
            // An answer to what was typed before is dropped: a newer one is on its way.
            if state.search?.query == query {
                state.search?.albums = albums
                state.search?.total = total
                state.search?.selected = 0
            }
        case .ended, .stop:
            return false
        }
        draw()
        return true
    }

    func draw() {
        let snapshot = view.snapshot
        var bytes: [UInt8] = []
        let layout = artist == nil ? nil : CoverLayout.fitting(size)
        let album = CoverSlot.album(snapshot, state: state)
        let request = album.flatMap { album in
            layout.map { CoverArtist.Request(album: album.id, layout: $0) }
        }
        if cover.want(request, bytes: &bytes), let album, let layout {
            artist?.draw(album, in: layout, cell: session.cellSize())
        }
        if cover.margin != textColumn {
            textColumn = cover.margin
            invalidate()
        }
        if needsClearing {
            needsClearing = false
            cover.screenCleared(bytes: &bytes)
            bytes += Array("\u{1B}[H\u{1B}[2J".utf8)
        }
        bytes += cover.paint()
        let textSize = ScreenSize(columns: max(0, size.columns - textColumn), rows: size.rows)
        let lines = DisplayRenderer.render(snapshot, size: textSize, state: state)
        bytes += painter.update(to: lines, rows: size.rows, column: textColumn)
        if !bytes.isEmpty { session.send(bytes) }
    }

    /// Takes a kitty picture off before the screen is given back (quit).
    func close() {
        let bytes = cover.leave()
        if !bytes.isEmpty { session.send(bytes) }
    }

    /// Everything is drawn again at the next `draw()`, from a cleared screen.
    private func invalidate() {
        painter.invalidate()
        needsClearing = true
    }

    private func measure() {
        guard let measured = session.size(), measured != size else { return }
        size = measured
        invalidate()
    }

    private func show(_ message: String?) {
        state.message = message
        messageExpiry = message.map { _ in ContinuousClock.now + Self.messageLifetime }
    }

    /// False for quit.
    private func handle(_ key: Key) -> Bool {
        if state.search != nil { return searchKey(key) }
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
        case .search:
            guard library != nil else { break }
            state.helpShown = false
            state.search = LibrarySearch()
            search("")
        case .cancelDisc:
            state.helpShown = false
        case .redraw:
            invalidate()
        case .suspend:
            // Returns once continued; the terminal may have changed size meanwhile. A kitty
            // picture is deleted first: it would outlive the alternate screen.
            close()
            session.suspend()
            measure()
            invalidate()
        case .quit:
            return false
        case .confirmDisc, .eraseDigit:
            break
        case .player(let command):
            commands.yield(command)
        }
        return true
    }

    /// A key while the search is open: typing edits the words, the arrows choose, Enter plays
    /// the album chosen, Esc goes back. Ctrl-C still quits.
    private func searchKey(_ key: Key) -> Bool {
        guard var search = state.search else { return true }
        switch key {
        case .character(let character):
            search.query.append(character)
        case .backspace:
            if search.query.isEmpty {
                state.search = nil
                return true
            }
            search.query.removeLast()
        case .up:
            search.selected = max(0, search.selected - 1)
            state.search = search
            return true
        case .down:
            search.selected = min(max(0, search.albums.count - 1), search.selected + 1)
            state.search = search
            return true
        case .escape:
            state.search = nil
            return true
        case .enter:
            if search.albums.indices.contains(search.selected), let library {
                let album = search.albums[search.selected]
                state.search = nil
                show("Playing \(album.albumArtist) — \(album.title)…")
                let post = self.post
                Task {
                    do { try await library.play(album.id) } catch { post(.message("\(error)")) }
                }
            }
            return true
        case .control("c"):
            return false
        default:
            return true
        }
        state.search = search
        self.search(search.query)
        return true
    }

    /// Asks the library for the albums matching `query`; the answer comes back as an input.
    private func search(_ query: String) {
        guard let library else { return }
        let post = self.post
        Task {
            let words = query.split(whereSeparator: \.isWhitespace).map(String.init)
            do {
                let (total, albums) = try await library.search(words, LibrarySearch.shown)
                post(.searchResults(query: query, total: total, albums: albums))
            } catch {
                post(.message("\(error)"))
            }
        }
    }

    private func handle(_ event: PlayerEvent) {
        // The end of playback shows on the LCD itself.
        if case .playbackFinished = event { return }
        if let notice = event.notice { show(notice.text) }
    }
}
