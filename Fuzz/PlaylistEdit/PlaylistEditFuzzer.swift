// libFuzzer target: the playlist editor (docs/PRODUCT.md §10, §11) on any playlist, any tag and
// any file name. The input is a byte of options, then a file name, a title and the playlist's
// bytes, split at the first two NULs (a name holds none). The playlist's lines are cut and
// joined again, its style read, an album appended and taken out again; every line written must
// read back, through `M3UParser`, as exactly the file meant, and the undo must give back the
// bytes it was given.
import CDWallyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func playlistEditFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let options = input.first else { return 0 }
    let parts = input.dropFirst().split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let name = parts.first ?? []
    let title = String(decoding: parts.count > 1 ? parts[1] : [], as: UTF8.self)
    let file: [UInt8]? = options & 0x10 != 0 ? nil : Array(parts.count > 2 ? parts[2] : [])

    let library = RawPath("/music")
    let folders = ["/music", "/music/Playlists", "/music/a/b", "/elsewhere"]
    let folder = folders[Int(options >> 1 & 3)]
    let playlist = RawPath(folder + (options & 1 != 0 ? "/CDs.m3u8" : "/CDs.m3u"))
    let isM3U8 = options & 1 != 0
    let path = library.appending(RawPath(bytes: name))
    let entry = PlaylistEdit.NewEntry(
        path: path, artist: "Artist", title: title, duration: options & 0x20 != 0 ? 1e300 : 61.5)

    if let file {
        let lines = PlaylistLines(file)
        guard lines.lines.flatMap(\.bytes) == file else { fatalError("the lines do not join into the file") }
        guard PlaylistStyle.of(file, isM3U8: isM3U8) == PlaylistStyle.of(file, isM3U8: isM3U8) else {
            fatalError("the same bytes gave two styles")
        }
    }
    let written = PlaylistEdit.appending(entry, to: file, playlist: playlist, library: library)
    // The bytes an undo gives back: the file's, with a line end after a last line that had none
    // (a new file's `#EXTM3U` stays).
    var kept = file ?? Array("#EXTM3U\n".utf8)
    if let file, !file.isEmpty, file.last != 0x0A {
        kept += PlaylistStyle.of(file, isM3U8: isM3U8).crlf ? [0x0D, 0x0A] : [0x0A]
    }
    guard written.starts(with: kept) else { fatalError("a byte of the playlist changed") }

    let before = file.map { M3UParser.parse($0, isM3U8: isM3U8) }
    guard before?.looksLikePlaylist ?? true else { return 0 }
    let after = M3UParser.parse(written, isM3U8: isM3U8)
    func resolved(_ read: RawPath) -> RawPath {
        (read.isAbsolute ? read : playlist.parent.appending(read)).lexicallyNormalized()
    }
    // A file written with backslashes is read with them as slashes, as its other lines are.
    guard after.entries.count == (before?.entries.count ?? 0) + 1, let added = after.entries.last,
        case .file(let read) = added.location,
        resolved(read) == path.lexicallyNormalized()
            || (added.text.contains("\\")
                && added.alternatives.first.map(resolved) == path.lexicallyNormalized())
    else {
        fatalError("the line written does not read back as \(path.display.debugDescription)")
    }
    guard after.encoding == before?.encoding ?? after.encoding else { fatalError("the encoding changed") }
    // A card line left at the end with no entry below it belongs to the entry appended after
    // it (docs/PRODUCT.md §11), and leaves with it.
    let orphanCards =
        file.map { PlaylistCards.read($0, isM3U8: isM3U8).cards.contains { $0.entryLine == nil } } ?? false
    guard orphanCards || PlaylistEdit.removing(entryLines: [added.line], from: written) == kept else {
        fatalError("the undo does not give the bytes back")
    }
    checkCards(written, entryLine: added.line, title: title, isM3U8: isM3U8)
    return 0
}

/// The card edits on the written bytes: a card given to the added entry reads back as its own,
/// every entry stays as it was, and forgetting it gives the bytes back.
private func checkCards(_ bytes: [UInt8], entryLine: Int, title: String, isM3U8: Bool) {
    let number = CardNumber(title.prefix(CardNumber.maximumLength)) ?? CardNumber("00C0FFEE")!
    let before = PlaylistCards.read(bytes, isM3U8: isM3U8)
    let hadIt = (before.cards + before.repeated).contains { $0.number == number }
    let assigned = PlaylistCards.assigning(
        number, label: title, toEntryLine: entryLine, in: bytes, isM3U8: isM3U8)
    let entriesBefore = M3UParser.parse(bytes, isM3U8: isM3U8).entries
    let entriesAfter = M3UParser.parse(assigned.bytes, isM3U8: isM3U8).entries
    guard entriesBefore.map(\.text) == entriesAfter.map(\.text),
        entriesBefore.map(\.hint?.title) == entriesAfter.map(\.hint?.title)
    else { fatalError("a card line changed the entries") }
    let after = PlaylistCards.read(assigned.bytes, isM3U8: isM3U8)
    guard let card = after.cards.first(where: { $0.number == number }),
        let newEntry = entriesAfter.last, card.entryLine == newEntry.line,
        !after.repeated.contains(where: { $0.number == number })
    else { fatalError("the card does not read back as the added entry's") }
    let forgotten = PlaylistCards.removing(
        cardLines: PlaylistCards.lines(of: number, in: assigned.bytes, isM3U8: isM3U8), from: assigned.bytes)
    guard hadIt || forgotten == bytes else { fatalError("forgetting the card does not give the bytes back") }
    // Taken out, the album takes its cards with it.
    let removed = PlaylistEdit.removing(entryLines: [newEntry.line], from: assigned.bytes)
    guard !PlaylistCards.read(removed, isM3U8: isM3U8).cards.contains(where: { $0.number == number }) else {
        fatalError("the card stayed when its album left")
    }
}
