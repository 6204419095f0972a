import CDWallyCore
import CDWallyVocabulary

/// The screen of `cdwally play` as a pure function of the player's state, the terminal's
/// size and the display's own state. Top to bottom:
///
/// ```
/// DISC 03  TRACK 04/12  02:17 / 05:43  PLAY      the LCD
/// Artist — Album — Title
///
///   03  Third track                      04:01   the disc's tracks, the current one marked,
/// > 04  Fourth track                     05:43   windowed around it on a short terminal
///
/// a message, a hint, or the disc number being typed
/// ? keys  q quit                 VOL 95 · 3 discs   or MUTED in place of the level
/// ```
///
/// With nothing chosen, or while a disc number is typed, the wallet takes the tracks'
/// place; `?` puts the keys there. Every row fits the width (wide characters count two)
/// and there are exactly `size.rows` rows, so a 40×10 terminal, or a 1×1 one, never wraps.
public enum DisplayRenderer {
    public static func render(_ snapshot: PlayerSnapshot, size: ScreenSize, state: DisplayState)
        -> [ScreenLine]
    {
        let width = max(0, size.columns)
        let rows = max(0, size.rows)
        let lcd = ScreenLine(DisplayWidth.fit(LCDText.line(snapshot, width: width), to: width), .display)
        let info = ScreenLine(DisplayWidth.truncate(infoText(snapshot), to: width), .bold)
        let message = messageLine(snapshot, state: state, width: width)
        let keys = keysLine(snapshot, state: state, width: width)
        let header = state.helpShown ? [lcd] : [lcd, info]
        let footer = [message, keys]

        guard rows >= header.count + footer.count else {
            // Too short for everything: the LCD first, then the bottom line (the message
            // when there is one), then the track's names.
            var lines = [lcd]
            if rows >= 2 { lines.append(message.runs.isEmpty ? keys : message) }
            if rows >= 3 { lines.insert(info, at: 1) }
            return Array(lines.prefix(rows))
        }
        let spacer = rows >= header.count + footer.count + 4 ? [ScreenLine.blank] : []
        let bodyRows = rows - header.count - footer.count - 2 * spacer.count
        var body: [ScreenLine]
        if let search = state.search {
            body = searchLines(search, snapshot: snapshot, width: width, rows: bodyRows)
        } else if state.helpShown {
            body = HelpScreen.lines(width: width, rows: bodyRows)
        } else if snapshot.disc == nil || state.pendingDisc != nil {
            body = walletLines(snapshot, pending: state.pendingDisc, width: width, rows: bodyRows)
        } else {
            body = trackLines(snapshot, width: width, rows: bodyRows)
        }
        body += Array(repeating: .blank, count: max(0, bodyRows - body.count))
        return header + spacer + body + spacer + footer
    }

    /// "Artist — Album — Title"; with nothing chosen, what the wallet holds.
    static func infoText(_ snapshot: PlayerSnapshot) -> String {
        guard let disc = snapshot.disc else {
            let count = snapshot.wallet.discs.count
            return count == 0
                ? "The wallet is empty: add albums to the CDs playlist"
                : "\(count) disc\(count == 1 ? "" : "s") in the wallet"
        }
        let album = disc.album
        let parts =
            snapshot.track.map { [$0.artist, album.title, $0.title] } ?? [album.albumArtist, album.title]
        return parts.map(ShownText.clean).joined(separator: " — ")
    }

    /// The disc number being typed, else the message, else a hint on how to go on.
    static func messageLine(_ snapshot: PlayerSnapshot, state: DisplayState, width: Int) -> ScreenLine {
        if let search = state.search {
            let found =
                switch search.total {
                case nil: "searching…"
                case 0?: "no album matches"
                case 1?: "1 album"
                case let total?: "\(total) albums"
                }
            return ScreenLine(
                DisplayWidth.truncate(
                    "Search: \(ShownText.clean(search.query))_ · \(found) · ↑↓ Enter plays · Esc back",
                    to: width),
                .bold)
        }
        if let digits = state.pendingDisc {
            return ScreenLine(
                DisplayWidth.truncate(pendingText(digits, wallet: snapshot.wallet), to: width), .bold)
        }
        if let message = state.message {
            return ScreenLine(DisplayWidth.truncate(ShownText.clean(message), to: width))
        }
        let hint: String
        switch snapshot.state {
        case .idle:
            hint = snapshot.wallet.discs.isEmpty ? "" : "space plays · a disc number then Enter picks one"
        case .stopped:
            hint = "Stopped · space plays · ] next disc · a disc number then Enter"
        case .playing, .paused:
            hint = ""
        }
        return ScreenLine(DisplayWidth.truncate(hint, to: width), .dim)
    }

    /// "Disc 2_ · Artist — Album · Enter plays, Esc cancels".
    private static func pendingText(_ digits: String, wallet: Wallet) -> String {
        let typed = "Disc \(digits)_"
        let keys = "Enter plays, Esc cancels"
        guard let number = Int(digits) else { return "\(typed) · type its number · \(keys)" }
        guard let album = wallet.disc(at: number) else {
            return "\(typed) · no such disc (1–\(wallet.discs.count)) · Esc cancels"
        }
        return
            "\(typed) · \(ShownText.clean(album.albumArtist)) — \(ShownText.clean(album.title)) · \(keys)"
    }

    /// "? keys  q quit", and the wallet's size on the right when it fits.
    static func keysLine(_ snapshot: PlayerSnapshot, state: DisplayState, width: Int) -> ScreenLine {
        let left = state.helpShown ? "? hide keys  q quit" : "? keys  q quit"
        let count = snapshot.wallet.discs.count
        let discs = "\(count) disc\(count == 1 ? "" : "s")"
        // The volume as `status` tells it, so `-`, `+` and `m` show what they did.
        let volume = snapshot.muted ? "MUTED" : "VOL \(snapshot.volume)"
        let right = "\(volume) · \(discs)"
        let fits = DisplayWidth.of(left) + DisplayWidth.of(right) + 2 <= width
        return ScreenLine(ScreenText.spread(left, fits ? right : discs, width: width), .dim)
    }
}
