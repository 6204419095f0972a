import Testing

@testable import CDWallyPlayer

/// The play order's transitions without mpv: the moves it posts, played on a model of mpv's
/// playlist, must leave the playlist in the order the engine then assumes.
@Suite struct PlayOrderTests {
    /// mpv's `playlist-move from to`: the entry takes the place of the one at `to`.
    private func play(_ moves: [MPVRequest], on playlist: [Int]) -> [Int] {
        var playlist = playlist
        for move in moves {
            guard case .command(.array(let arguments)) = move.kind, arguments.count == 3,
                arguments[0] == .string("playlist-move"), case .int(let from) = arguments[1],
                case .int(let to) = arguments[2]
            else {
                Issue.record("not a playlist-move: \(move)")
                continue
            }
            let entry = playlist.remove(at: Int(from))
            playlist.insert(entry, at: from < to ? Int(to) - 1 : Int(to))
        }
        return playlist
    }

    @Test func shuffleKeepsTheTrackPlayingFirstAndMovesMPVToTheDrawnOrder() {
        var order = PlayOrder(trackCount: 8)
        var randomness = SystemRandomNumberGenerator()
        let moves = order.shuffle(keeping: 5, using: &randomness)
        #expect(order.isShuffled)
        #expect(order.tracks.first == 4)
        #expect(order.tracks.sorted() == Array(0..<8))
        #expect(play(moves, on: Array(0..<8)) == order.tracks)
        // Next and previous follow the drawn order; its ends have none.
        let numbers = order.tracks.map { $0 + 1 }
        #expect(order.track(after: numbers[0]) == numbers[1])
        #expect(order.track(before: numbers[1]) == numbers[0])
        #expect(order.track(before: numbers[0]) == nil)
        #expect(order.track(after: numbers[7]) == nil)
        #expect(order.position(ofTrack: numbers[3] - 1) == 3)
        #expect(order.lastTrack == numbers[7] - 1)

        let shuffled = order.tracks
        let back = order.unshuffle()
        #expect(!order.isShuffled && order.tracks == Array(0..<8))
        #expect(play(back, on: shuffled) == Array(0..<8))
    }

    @Test func theAlbumsOrderNeedsNoMoveAndNumbersAreTheirOwnPlaces() {
        var order = PlayOrder(trackCount: 3)
        #expect(order.unshuffle() == [])
        #expect(order.track(after: 1) == 2 && order.track(after: 3) == nil)
        #expect(order.track(before: 1) == nil && order.position(ofTrack: 2) == 2)
    }
}
