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
        let remembered = entries.map { found.outcome(for: $0, in: playlist.parent) }
        let rest = zip(entries, remembered).filter { $1 == nil }.map(\.0)
        guard !rest.isEmpty else { return (remembered.compactMap { $0 }, []) }
        let resolved = try resolver.resolve(rest, playlist: playlist)
        guard try index.currentGeneration() == generation else { return nil }
        var fresh = resolved.makeIterator()
        return (remembered.compactMap { $0 ?? fresh.next() }, resolved)
    }
}
