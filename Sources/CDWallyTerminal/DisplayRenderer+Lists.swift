import CDWallyCore
import CDWallyVocabulary

/// The body of the screen: the disc's tracks or the wallet's discs, one per row, the
/// marked one kept in view.
extension DisplayRenderer {
    /// "> 04  Title  05:43": the tracks of the disc, the current one marked and bold.
    static func trackLines(_ snapshot: PlayerSnapshot, width: Int, rows: Int) -> [ScreenLine] {
        guard let album = snapshot.disc?.album else { return [] }
        let current = snapshot.trackIndex.map { $0 - 1 }
        let digits = max(2, String(album.trackCount).count)
        return window(count: album.trackCount, around: current, rows: rows).map { index in
            let track = album.tracks[index]
            var title = ShownText.clean(track.title)
            if track.artist != album.albumArtist { title += " — " + ShownText.clean(track.artist) }
            let isCurrent = index == current
            return row(
                marked: isCurrent, number: ScreenText.padded(index + 1, digits: digits), text: title,
                trailing: track.duration > 0 ? LCDText.clock(track.duration.rounded()) : "",
                style: isCurrent ? .bold : .plain, width: width)
        }
    }

    /// "> 02  Artist — Album": the wallet, with the disc being typed (else the one
    /// playing) marked.
    static func walletLines(_ snapshot: PlayerSnapshot, pending: String?, width: Int, rows: Int)
        -> [ScreenLine]
    {
        let discs = snapshot.wallet.discs
        let marked = pending.map { Int($0).map { $0 - 1 } } ?? snapshot.disc?.position.map { $0 - 1 }
        let digits = max(2, String(discs.count).count)
        return window(count: discs.count, around: marked, rows: rows).map { index in
            let album = discs[index]
            let text = ShownText.clean(album.albumArtist) + " — " + ShownText.clean(album.title)
            let isMarked = index == marked
            return row(
                marked: isMarked, number: ScreenText.padded(index + 1, digits: digits), text: text,
                trailing: album.year.map(String.init) ?? "", style: isMarked ? .bold : .plain, width: width)
        }
    }

    /// "> Artist — Album  1999 · disc 3": the search's albums, the chosen one marked, each
    /// with its disc number when it is in the wallet.
    static func searchLines(_ search: LibrarySearch, snapshot: PlayerSnapshot, width: Int, rows: Int)
        -> [ScreenLine]
    {
        let wallet = snapshot.wallet
        return window(count: search.albums.count, around: search.selected, rows: rows).map { index in
            let album = search.albums[index]
            let text = ShownText.clean(album.albumArtist) + " — " + ShownText.clean(album.title)
            let disc = wallet.position(of: album.id).map { "disc \($0)" } ?? ""
            let year = album.year.map(String.init) ?? ""
            let isMarked = index == search.selected
            return row(
                marked: isMarked, number: "", text: text,
                trailing: [year, disc].filter { !$0.isEmpty }.joined(separator: " · "),
                style: isMarked ? .bold : .plain, width: width)
        }
    }

    /// The indices to show of `count` items on `rows` rows: all when they fit, else a run
    /// with `index` near its middle so what comes before and after is in view.
    static func window(count: Int, around index: Int?, rows: Int) -> Range<Int> {
        guard rows > 0, count > 0 else { return 0..<0 }
        guard count > rows else { return 0..<count }
        guard let index, (0..<count).contains(index) else { return 0..<rows }
        let start = min(max(0, index - (rows - 1) / 2), count - rows)
        return start..<(start + rows)
    }

    /// Marker, number, text and a right-aligned trailing field; the text gives way first.
    private static func row(
        marked: Bool, number: String, text: String, trailing: String, style: TextStyle, width: Int
    ) -> ScreenLine {
        let lead = (marked ? "> " : "  ") + (number.isEmpty ? "" : number + "  ")
        let tail = trailing.isEmpty || width < 30 ? "" : "  " + trailing
        let room = width - DisplayWidth.of(lead) - DisplayWidth.of(tail)
        guard room >= 4 else { return ScreenLine(DisplayWidth.truncate(lead + text, to: width), style) }
        let middle = tail.isEmpty ? DisplayWidth.truncate(text, to: room) : DisplayWidth.fit(text, to: room)
        return ScreenLine(lead + middle + tail, style)
    }
}
