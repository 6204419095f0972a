import CDWallyCore

extension LibraryService {
    /// The outcomes of an edited playlist's entries, and those of them resolved now: those that name by their path a file a
    /// line of the remembered resolution named are answered with that file's album, the
    /// others resolved (a line added to a 200,000-line export resolves one line, not all).
    /// Nil when resolving the others changed the index (a folder not indexed before): an
    /// album found before might gain tracks from it, so the caller resolves every entry.
    func resolveEdited(
        _ entries: [PlaylistEntry], playlist: RawPath, found: WalletMemo.Found, generation: Int,
        resolver: inout EntryResolver
    ) throws(LibraryError) -> (outcomes: [EntryOutcome], resolved: [EntryOutcome])? {
        var outcomes: [EntryOutcome] = []
        outcomes.reserveCapacity(entries.count)
        var rest: [PlaylistEntry] = []
        var restPositions: [Int] = []
        for entry in entries {
            if let outcome = found.outcome(for: entry, in: playlist.parent) {
                outcomes.append(outcome)
            } else {
                // A place kept for the entry's outcome, filled in below.
                restPositions.append(outcomes.count)
                rest.append(entry)
                outcomes.append(EntryOutcome(entry: entry, result: .stream))
            }
        }
        guard !rest.isEmpty else { return (outcomes, []) }
        let resolved = try resolver.resolve(rest, playlist: playlist)
        guard try index.currentGeneration() == generation else { return nil }
        for (position, outcome) in zip(restPositions, resolved) { outcomes[position] = outcome }
        return (outcomes, resolved)
    }
}
