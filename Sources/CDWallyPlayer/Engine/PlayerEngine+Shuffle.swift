import CDWallyVocabulary

/// `shuffle`: the disc's tracks in an order drawn once, the track playing first (`PlayOrder`).
/// The flag is the disc's: loading another disc clears it, and it is never saved, so a new
/// player starts in the album's order. Set while stopped, it applies when the disc plays.
/// With no disc loaded there is nothing to shuffle, and it is refused (docs/PRODUCT.md §11).
extension PlayerEngine {
    func setShuffle(_ wanted: Bool?) throws(PlayerError) {
        guard disc != nil else { throw .noDiscToShuffle }
        let on = wanted ?? !shuffle
        guard on != shuffle else { return }
        shuffle = on
        if queue != nil { try reorderQueue(shuffled: on, keeping: trackIndex ?? 1) }
        publish()
    }

    /// Posts the moves that put mpv's playlist in the wanted order.
    func reorderQueue(shuffled: Bool, keeping current: Int) throws(PlayerError) {
        guard var queue else { return }
        let moves =
            shuffled ? queue.order.shuffle(keeping: current, using: &randomness) : queue.order.unshuffle()
        self.queue = queue
        for move in moves { try send(move) }
    }
}
