/// The order mpv plays a disc's tracks in: the album's, or one drawn once for `shuffle`.
///
/// mpv plays its playlist top to bottom and joins the tracks gaplessly, so shuffling is a
/// reordering of that playlist (`playlist-move`), never a jump per track: the track playing
/// goes on, and the others follow in the new order. `tracks[p]` is the 0-based track index at
/// playlist position `p`; the engine asks it where a track is (`position(ofTrack:)`) and which
/// comes next or before, rather than taking the track's number for its place.
///
/// Plain data, owned by the engine's `DiscQueue`: each change returns the moves to post, in
/// order, which bring mpv's playlist to the new order.
struct PlayOrder: Equatable {
    /// 0-based track indices, by mpv playlist position.
    private(set) var tracks: [Int]
    /// Whether the order was drawn (`shuffle`) rather than the album's.
    private(set) var isShuffled = false

    /// The album's order, as a disc is loaded.
    init(trackCount: Int) {
        tracks = Array(0..<trackCount)
    }

    /// mpv's playlist position of track `index` (0-based).
    func position(ofTrack index: Int) -> Int? {
        tracks.firstIndex(of: index)
    }

    /// The track (1-based) played after track `number`, or nil at the end of the order.
    func track(after number: Int) -> Int? {
        guard let position = position(ofTrack: number - 1), position + 1 < tracks.count else { return nil }
        return tracks[position + 1] + 1
    }

    /// The track (1-based) played before track `number`, or nil at the start of the order.
    func track(before number: Int) -> Int? {
        guard let position = position(ofTrack: number - 1), position > 0 else { return nil }
        return tracks[position - 1] + 1
    }

    /// The 0-based index of the track played last.
    var lastTrack: Int? { tracks.last }

    /// Draws an order: track `current` (1-based) first, the others after it at random.
    mutating func shuffle(keeping current: Int, using randomness: inout some RandomNumberGenerator)
        -> [MPVRequest]
    {
        let others = tracks.filter { $0 != current - 1 }.shuffled(using: &randomness)
        isShuffled = true
        return reorder(to: (tracks.contains(current - 1) ? [current - 1] : []) + others)
    }

    /// Back to the album's order; the track playing goes on from its own place.
    mutating func unshuffle() -> [MPVRequest] {
        isShuffled = false
        return reorder(to: tracks.sorted())
    }

    /// The moves that turn mpv's playlist from `tracks` into `wanted`: each position from the
    /// top takes its track from below it, so every move is by index of entries already there.
    /// An entry appended at the end meanwhile (a resumed track's replacement) stays last.
    private mutating func reorder(to wanted: [Int]) -> [MPVRequest] {
        var moves: [MPVRequest] = []
        for (target, track) in wanted.enumerated() {
            guard let from = tracks.firstIndex(of: track), from != target else { continue }
            // mpv's `playlist-move from to` puts the entry in the place of the one at `to`.
            moves.append(.movePlaylistEntry(from: from, to: target))
            tracks.remove(at: from)
            tracks.insert(track, at: target)
        }
        return moves
    }
}
