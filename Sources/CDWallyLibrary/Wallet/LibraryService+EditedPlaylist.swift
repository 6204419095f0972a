import CDWallyCore

extension LibraryService {
    /// The outcomes of an edited playlist's entries, and what its file tells as a whole: an
    /// entry that names by its path a file a line of the remembered resolution named is
    /// answered with that file's album, the others are resolved (a line added to a 200,000-line
    /// export resolves one line, not all). A track's album depends on its own album folder
    /// alone (`EntryResolver`), so it is the same whatever the other lines are.
    ///
    /// Nil, and the caller resolves every entry, when that would not be the same or would not
    /// pay: resolving the others changed the index (a folder not indexed before, whose tracks
    /// an album found before might gain); one of them is a folder entry naming a disc folder
    /// (`Hits/CD1`, whose albums depend on whether other lines read the other discs); or fewer
    /// than half the files remembered are still named (the memo would carry a big playlist's
    /// stamps into a small one's).
    func resolveEdited(
        _ bytes: [UInt8], playlist: RawPath, found: WalletMemo.Found, generation: Int,
        resolver: inout EntryResolver
    ) throws(LibraryError) -> (outcomes: LineOutcomes, form: M3UParser.Form)? {
        var lines: [LineOutcomes.Line] = []
        var rest: [PlaylistEntry] = []
        var stillNamed = [Bool](repeating: false, count: found.named.count)
        var stillNamedCount = 0
        // Parsed line by line, and only the lines the memo cannot answer kept.
        let folder = playlist.parent
        let form = M3UParser.parse(bytes, isM3U8: playlist.fileExtension == "m3u8") { entry in
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
        guard stillNamedCount * 2 >= found.named.count else { return nil }
        guard !rest.isEmpty else {
            return (LineOutcomes(resolved: [], lines: lines, remembered: found.picks), form)
        }
        let resolved = try resolver.resolve(rest, playlist: playlist)
        guard try index.currentGeneration() == generation, !resolved.contains(where: Self.namesDiscFolder)
        else { return nil }
        return (LineOutcomes(resolved: resolved, lines: lines, remembered: found.picks), form)
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
