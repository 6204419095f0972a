import CDWallyCore

extension LibraryService {
    /// How the resolution of an edited playlist from the memo's found albums went.
    enum EditedResolution {
        /// With what the memo's stamps cover, which the new memo adds to.
        case resolved(LineOutcomes, M3UParser.Form, WalletMemo.Cover)
        /// The caller resolves every entry (see `resolveEdited`).
        case wholeNeeded
        /// The playlist was written since its key was taken: no memo may remember under that
        /// key what the caller reads now.
        case changed
    }

    /// The outcomes of an edited playlist's entries, and what its file tells as a whole: an
    /// entry that names by its path a file a line of the remembered resolution named is
    /// answered with that file's album, the others are resolved (a line added to a 200,000-line
    /// export resolves one line, not all). A track's album depends on its own album folder
    /// alone (`EntryResolver`), so it is the same whatever the other lines are.
    ///
    /// The file is read a block at a time and parsed line by line, and only the lines the memo
    /// cannot answer are kept: a 22 MB export is never held whole.
    ///
    /// `wholeNeeded` when the answer would not be the same or would not pay: one of the memo's
    /// stamps changed (their check, begun by `WalletMemo.lookup`, is waited for after the parse
    /// and before any line is resolved); resolving the others changed the index (a folder not indexed before, whose tracks an album found
    /// before might gain); one of them is a folder entry naming a disc folder (`Hits/CD1`,
    /// whose albums depend on whether other lines read the other discs); fewer than half the
    /// files remembered are still named (the memo would carry a big playlist's stamps into a
    /// small one's); or the file is a `.m3u` that is not UTF-8 or does not look like a
    /// playlist, which the caller reads whole as every other playlist.
    func resolveEdited(
        _ playlist: RawPath, keyedBy key: WalletMemo.Key, earlier: WalletMemo.Earlier,
        resolver: inout EntryResolver
    ) throws(LibraryError) -> EditedResolution {
        let found = earlier.found
        var lines: [LineOutcomes.Line] = []
        var rest: [PlaylistEntry] = []
        var stillNamed = [Bool](repeating: false, count: found.named.count)
        var stillNamedCount = 0
        let folder = playlist.parent
        let isM3U8 = playlist.fileExtension == "m3u8"
        // A `.m3u` is UTF-8 when every line is (a line feed is never part of a longer
        // character); until one is not, its lines are read as UTF-8.
        var isUTF8 = true
        var isFirstLine = true
        var reader = M3UParser.LineReader(isUTF8: true)
        let read = try PlaylistFile.lines(of: playlist, headSize: M3UParser.headSize + 3) { line in
            let line = isFirstLine ? M3UParser.withoutBOM(line) : line
            isFirstLine = false
            if !isM3U8 && isUTF8 { isUTF8 = String(validating: line, as: UTF8.self) != nil }
            guard isUTF8 else { return }
            reader.read(line) { entry in
                if let file = found.namedFile(entry, in: folder) {
                    if !stillNamed[file.number] {
                        stillNamed[file.number] = true
                        stillNamedCount += 1
                    }
                    lines.append(.remembered(album: Int32(file.album)))
                } else {
                    lines.append(.resolved)
                    rest.append(entry)
                }
            }
        }
        guard read.digest == key.digest else { return .changed }
        guard isUTF8, M3UParser.looksLikeText(M3UParser.withoutBOM(read.head[...])),
            stillNamedCount * 2 >= found.named.count, let cover = earlier.checked()
        else { return .wholeNeeded }
        let form = M3UParser.Form(encoding: .utf8, looksLikePlaylist: true)
        guard !rest.isEmpty else {
            return .resolved(LineOutcomes(resolved: [], lines: lines, remembered: found.picks), form, cover)
        }
        let resolved = try resolver.resolve(rest, playlist: playlist)
        guard try index.currentGeneration() == key.generation, !resolved.contains(where: Self.namesDiscFolder)
        else { return .wholeNeeded }
        return .resolved(LineOutcomes(resolved: resolved, lines: lines, remembered: found.picks), form, cover)
    }

    private static func namesDiscFolder(_ outcome: EntryOutcome) -> Bool {
        guard outcome.track == nil, !outcome.albums.isEmpty, case .file(let path) = outcome.entry.location
        else { return false }
        let folder = path.lexicallyNormalized()
        return AlbumGrouper.albumFolder(of: folder) != folder
    }
}

/// What each line of a playlist came to, in playlist order, without a copy of each line: a
/// line the memo answered is only its album's place in `remembered`.
struct LineOutcomes {
    enum Line {
        case remembered(album: Int32)
        /// The next of `resolved`.
        case resolved
    }

    /// The outcomes of the lines resolved now, in playlist order.
    var resolved: [EntryOutcome]
    /// Every line; empty when every line was resolved.
    var lines: [Line] = []
    /// The albums the memo answered lines with, each as a line's pick (`WalletMemo.Found`).
    var remembered: [[Album]] = []

    var count: Int { lines.isEmpty ? resolved.count : lines.count }
}
