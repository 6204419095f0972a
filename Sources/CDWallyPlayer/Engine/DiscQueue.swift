import CDWallyCore

/// The disc as loaded into mpv's playlist: one entry per track, in play order, named by the
/// `playlist_entry_id`s mpv gave them. Plain data, owned by the engine.
struct DiscQueue {
    /// Which load of the engine this is (`ReplyBook.load`): replies name it.
    let load: Int
    /// `entryIDs[i]` plays track i + 1. Nil until the reply to its `loadfile` came, which is
    /// always before the entry starts.
    var entryIDs: [Int64?]
    /// Where each track is in mpv's playlist: the album's order, or a shuffled one.
    var order: PlayOrder
    /// The track loaded with a `start` option (the resumed one), by 0-based index. mpv keeps
    /// per-file options on the entry, so it must be replaced before it plays a second time.
    var resumedTrack: (index: Int, position: Double)?
    /// Whether any track produced audio; a disc on which every track failed must not
    /// hand over to the next disc, or a wallet of missing files would spin forever.
    var hasPlayed = false

    init(load: Int, trackCount: Int, resumedTrack: (index: Int, position: Double)?) {
        self.load = load
        entryIDs = Array(repeating: nil, count: trackCount)
        order = PlayOrder(trackCount: trackCount)
        self.resumedTrack = resumedTrack
    }

    func trackIndex(of entryID: Int64) -> Int? {
        entryIDs.firstIndex(of: entryID).map { $0 + 1 }
    }

    func contains(_ entryID: Int64?) -> Bool {
        entryID.map { entryIDs.contains($0) } ?? false
    }

    /// The entry played last, in the order mpv plays them.
    var lastEntryID: Int64? { order.lastTrack.flatMap { entryIDs[$0] } }

    /// Where track `index` (1-based) starts playing: its `start` option, else 0.
    func startPosition(ofTrack index: Int) -> Double {
        resumedTrack?.index == index - 1 ? resumedTrack?.position ?? 0 : 0
    }
}
