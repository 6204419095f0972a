import CDWallyCore

extension LibraryService {
    /// The outcomes of an edited playlist's entries, and those of them resolved now: an entry
    /// that names by its path a file a line of the remembered resolution named is answered
    /// with that file's album, the others are resolved (a line added to a 200,000-line export
    /// resolves one line, not all). A track's album depends on its own album folder alone
    /// (`EntryResolver`), so it is the same whatever the other lines are.
    ///
    /// Nil, and the caller resolves every entry, when that would not be the same or would not
    /// pay: resolving the others changed the index (a folder not indexed before, whose tracks
    /// an album found before might gain); one of them is a folder entry naming a disc folder
    /// (`Hits/CD1`, whose albums depend on whether other lines read the other discs); or fewer
    /// than half the files remembered are still named (the memo would carry a big playlist's
    /// stamps into a small one's).
    func resolveEdited(
        _ entries: [PlaylistEntry], playlist: RawPath, found: WalletMemo.Found, generation: Int,
        resolver: inout EntryResolver
    ) throws(LibraryError) -> (outcomes: [EntryOutcome], resolved: [EntryOutcome])? {
        var outcomes: [EntryOutcome] = []
        outcomes.reserveCapacity(entries.count)
        var rest: [PlaylistEntry] = []
        var restPositions: [Int] = []
        var stillNamed: Set<RawPath> = []
        for entry in entries {
            if let outcome = found.outcome(for: entry, in: playlist.parent) {
                if let track = outcome.track { stillNamed.insert(track) }
                outcomes.append(outcome)
            } else {
                // A place kept for the entry's outcome, filled in below.
                restPositions.append(outcomes.count)
                rest.append(entry)
                outcomes.append(EntryOutcome(entry: entry, result: .stream))
            }
        }
        guard stillNamed.count * 2 >= found.named.count else { return nil }
        guard !rest.isEmpty else { return (outcomes, []) }
        let resolved = try resolver.resolve(rest, playlist: playlist)
        guard try index.currentGeneration() == generation, !resolved.contains(where: Self.namesDiscFolder)
        else { return nil }
        for (position, outcome) in zip(restPositions, resolved) { outcomes[position] = outcome }
        return (outcomes, resolved)
    }

    private static func namesDiscFolder(_ outcome: EntryOutcome) -> Bool {
        guard outcome.track == nil, !outcome.albums.isEmpty, case .file(let path) = outcome.entry.location
        else { return false }
        let folder = path.lexicallyNormalized()
        return AlbumGrouper.albumFolder(of: folder) != folder
    }
}
