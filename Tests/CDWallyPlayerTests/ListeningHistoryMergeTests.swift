import CDWallyCore
import Foundation
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// Two histories of the same albums (a library kept under two paths by an earlier cdwally)
/// become one: no listen counted twice, older totals added, the bound kept.
@Suite struct ListeningHistoryMergeTests {
    private func listen(_ disc: String, _ start: Double, seconds: Double = 40) -> Listen {
        Listen(
            disc: AlbumID(rawValue: disc), artist: "A", title: disc,
            start: Date(timeIntervalSince1970: start), seconds: seconds, finished: false)
    }

    @Test func listensKnownAlreadyAreNotCountedTwiceAndTotalsAddUp() {
        let disc = AlbumID(rawValue: "d")
        var mine = ListeningHistory(
            listens: [listen("d", 100), listen("e", 300)],
            earlier: [
                disc: DiscTotals(
                    disc: disc, artist: "A", title: "d", listens: 2, seconds: 80,
                    last: .init(timeIntervalSince1970: 50))
            ])
        let theirs = ListeningHistory(
            listens: [listen("d", 100), listen("d", 200)],
            earlier: [
                disc: DiscTotals(
                    disc: disc, artist: "A", title: "d", listens: 3, seconds: 90,
                    last: .init(timeIntervalSince1970: 60))
            ])
        mine.merge(theirs)
        #expect(mine.listens.map(\.start.timeIntervalSince1970) == [100, 200, 300])
        #expect(mine.earlier[disc]?.listens == 5)
        #expect(mine.earlier[disc]?.seconds == 170)
        #expect(mine.totals[disc]?.listens == 7)
    }

    @Test func theMergedHistoryKeepsItsBound() {
        var mine = ListeningHistory(
            listens: (0..<ListeningHistory.detailLimit).map { listen("d", Double($0) * 10) })
        mine.merge(ListeningHistory(listens: [listen("d", 5), listen("d", 15)]))
        #expect(mine.listens.count == ListeningHistory.detailLimit)
        #expect(mine.totals[AlbumID(rawValue: "d")]?.listens == ListeningHistory.detailLimit + 2)
    }
}
