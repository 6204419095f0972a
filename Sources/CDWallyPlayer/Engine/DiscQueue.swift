import CDWallyCore

/// The disc as loaded into mpv's playlist: one entry per track, in play order, named by the
/// `playlist_entry_id`s mpv gave them. Plain data, owned by the engine.
struct DiscQueue {
    /// `entryIDs[i]` plays track i + 1; kept in mpv's playlist order.
    var entryIDs: [Int64]
    /// The entry loaded with a `start` option (the resumed track). mpv keeps per-file
    /// options on the entry, so it must be replaced before it plays a second time.
    var startedEntry: (id: Int64, position: Double)?
    /// Whether any track produced audio; a disc on which every track failed must not
    /// hand over to the next disc, or a wallet of missing files would spin forever.
    var hasPlayed = false

    func trackIndex(of entryID: Int64) -> Int? {
        entryIDs.firstIndex(of: entryID).map { $0 + 1 }
    }

    func contains(_ entryID: Int64?) -> Bool {
        entryID.map { entryIDs.contains($0) } ?? false
    }

    var lastEntryID: Int64? { entryIDs.last }

    /// Where the entry starts playing: its `start` option, else 0.
    func startPosition(of entryID: Int64) -> Double {
        startedEntry?.id == entryID ? startedEntry?.position ?? 0 : 0
    }
}
